import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import * as s from "#db/schema";
import { CLIENT_IP_HEADER } from "#app/lib/auth.server";
import { getDb } from "#app/lib/db.server";
import { exportAccountData } from "#app/modules/accounts/accounts.server";
import { action as authAction } from "#app/routes/auth";
import { createUser, req } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";

/**
 * The session's IP (and the RGPD export's) comes from the one clientIpOf decision
 * (TRUST_PROXY), handed to the action as its context's clientIp: a client cannot
 * choose it with X-Forwarded-For, nor with the header better-auth reads (issue #35 item 11).
 */
describeEachDb("session IP", () => {
  it("a forged X-Forwarded-For (TRUST_PROXY unset) is not stored: the session keeps clientIpOf's network", async () => {
    const u = await createUser();
    const forged = { "x-forwarded-for": "198.51.100.200", [CLIENT_IP_HEADER]: "198.51.100.201", "x-real-ip": "198.51.100.202" };
    const out = await callRoute(authAction, req("/auth", { form: { intent: "login", email: u.email, password: u.password }, headers: forged }), {}, { clientIp: "203.0.113.7", cspNonce: "" });
    expect(out.status).toBe(302);
    const sessions = await (await getDb()).select({ ip: s.session.ipAddress }).from(s.session).where(eq(s.session.userId, u.id));
    expect(sessions).toEqual([{ ip: "203.0.113.0" }]);
    const exported = await exportAccountData(u.id);
    expect(exported?.sessions.map((x) => x.ipAddress)).toEqual(["203.0.113.0"]);
    expect(JSON.stringify(exported)).not.toContain("198.51.100.");
  });
});
