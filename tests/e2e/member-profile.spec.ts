import { randomUUID } from "node:crypto";
import { consentCookie, expect, noHorizontalScroll, signedInAs, signIn, test } from "./fixtures";
import { blockedMember, profilePoster } from "./member-profile-fixture";

test("a deal card names its author; the author's public page shows their deals, temperature, vote weight and badges @layout", async ({ page }, testInfo) => {
  const poster = profilePoster(testInfo.project.name);
  await page.goto(`/coup-de-crevarde?q=${encodeURIComponent(poster.dealTitle)}`);
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: poster.dealTitle }) });
  await expect(card.getByText("par")).toBeVisible();
  await card.getByRole("link", { name: poster.username }).click();
  await expect(page).toHaveURL(`/membres/${encodeURIComponent(poster.username)}`);
  await expect(page.getByRole("heading", { name: poster.username, level: 1 })).toBeVisible();
  const figures = page.getByRole("list", { name: "Chiffres du membre" });
  await expect(figures).toContainText("Température totale : 120°");
  await expect(figures).toContainText("Poids de vote : 1");
  await expect(figures).toContainText("1 deal publié");
  await expect(figures).toContainText("Membre depuis");
  await expect(page.getByRole("list", { name: "Badges" })).toContainText("Premier deal hot");
  await expect(page.getByRole("heading", { name: poster.dealTitle })).toBeVisible();
  await expect(page.getByText("@crevarde.test")).toHaveCount(0);
  await noHorizontalScroll(page);

  // the deal page names the author too
  await page.getByRole("link", { name: poster.dealTitle }).click();
  await expect(page.getByRole("heading", { name: poster.dealTitle, level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: poster.username })).toHaveAttribute("href", `/membres/${encodeURIComponent(poster.username)}`);

  // an unknown pseudo is a 404
  const missing = await page.goto(`/membres/personne-${randomUUID().slice(0, 6)}`);
  expect(missing?.status()).toBe(404);
});

test("an admin blocks a member for 7 days from /admin/moderation; the member's sign-in is refused with until when", async ({ page, baseURL }, testInfo) => {
  const member = blockedMember(testInfo.project.name);
  await signedInAs(page, "admin");
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto("/admin/moderation?onglet=membres");
  const form = page.getByRole("form", { name: "Bloquer un membre" });
  await form.getByLabel("Pseudo ou e-mail du membre").fill(member.username);
  await form.getByLabel("Durée").selectOption("7d");
  await form.getByLabel("Règle enfreinte").selectOption("other");
  await form.getByLabel("Exposé des motifs").fill("Publie des liens de parrainage dans chaque deal malgré deux rappels.");
  await form.getByRole("button", { name: "Bloquer" }).click();
  const row = page.getByTestId("blocked-member").filter({ hasText: member.email });
  await expect(row).toContainText("Jusqu'au");
  await expect(row).toContainText("liens de parrainage");

  await page.context().clearCookies();
  await page.context().addCookies([consentCookie(baseURL!)]);
  await signIn(page, member);
  await expect(page.getByText(/Ton compte est bloqué jusqu'au \d+ \S+ 20\d\d à \d\dh\d\d/).first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
});
