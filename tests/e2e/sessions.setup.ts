import fs from "node:fs/promises";
import path from "node:path";
import { DEMO_ACCOUNTS, expect, sessionFile, signIn, test, type DemoRole } from "./fixtures";

// one sign-in per demo role for the whole run; the tests reuse its session (signedInAs)
for (const role of Object.keys(DEMO_ACCOUNTS) as DemoRole[]) {
  test(`signs in as the demo ${role}`, async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS[role]);
    await page.waitForURL((url) => url.pathname !== "/auth");
    const file = sessionFile(role);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const state = await page.context().storageState();
    expect(state.cookies.some((c) => c.name.includes("session"))).toBe(true);
    await fs.writeFile(file, JSON.stringify(state));
  });
}
