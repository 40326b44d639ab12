import { randomUUID } from "node:crypto";
import { DEMO_ADMIN, expect, test } from "./fixtures";

const PAYLOAD = `<img src=x onerror="window.__xss=1"><script>window.__xss=1</script><svg onload="window.__xss=1">"'><iframe src="javascript:window.__xss=1">`;

test("HTML injected in every rendered text field never runs in the browser", async ({ page, playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": `10.9.${Math.floor(Math.random() * 250)}.1` } });
  const login = await api.post("/auth", { form: { intent: "login", email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }, maxRedirects: 0 });
  expect(login.status()).toBe(302);
  const id = randomUUID().slice(0, 8);
  const post = async (path: string, form: Record<string, string>) => {
    const r = await api.post(path, { form, headers: { origin: baseURL! } });
    expect(r.status(), `${path} ${await r.text()}`).toBeLessThan(400);
  };
  await post("/admin/crevarde-deals", { intent: "save", title: `XSS deal ${id} ${PAYLOAD}`, description: `Desc ${PAYLOAD}`, price: "1€", source: "temu", badgeText: PAYLOAD.slice(0, 40), url: "https://www.temu.com/fr/xss", isFeatured: "on" });
  await post("/admin/brands", { intent: "save", name: `XSS ${id}`, slug: `xss-${id}`, description: PAYLOAD, maxDiscountPercent: "10" });
  await post("/admin/pages", { intent: "save", title: `Page ${id} ${PAYLOAD}`, slug: `page-xss-${id}`, content: `<p>ok</p>${PAYLOAD}` });
  await post("/profile", { intent: "profile", username: `Zoé ${id}` });

  await page.addInitScript(() => {
    window.alert = () => ((window as unknown as { __xss: number }).__xss = 1);
  });
  for (const path of ["/", "/coup-de-crevarde", `/marques/xss-${id}`, "/marques", `/page-xss-${id}`]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), path).toBeUndefined();
  }
  await expect(page.getByText(`Page ${id}`, { exact: false })).toBeVisible();
  await api.dispose();
});

test("session cookies are HttpOnly and SameSite=Lax", async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": `10.8.${Math.floor(Math.random() * 250)}.1` } });
  const login = await api.post("/auth", { form: { intent: "login", email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }, maxRedirects: 0 });
  const setCookie = login.headersArray().filter((h) => h.name.toLowerCase() === "set-cookie").map((h) => h.value).join("\n");
  expect(setCookie).toMatch(/crevarde\.session_token=[^;]+;[^\n]*HttpOnly/i);
  expect(setCookie).toMatch(/crevarde\.session_token=[^;]+;[^\n]*SameSite=Lax/i);
  await api.dispose();
});

test("state-changing requests from a foreign origin are refused", async ({ request }) => {
  for (const path of ["/newsletter", "/auth", "/admin/brands", "/analytics", "/consent", "/mes-deals", "/auth/logout"]) {
    const r = await request.post(path, { form: { email: "a@b.fr" }, headers: { origin: "https://evil.example" } });
    expect(r.status(), path).toBe(403);
  }
});
