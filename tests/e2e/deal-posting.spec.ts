import { randomUUID } from "node:crypto";
import { consentCookie, DEMO_ADMIN, expect, newMember, noHorizontalScroll, outboxLinks, signIn, test } from "./fixtures";

const PASSWORD = "Rouge-gorge 2025";

test("a member proposes a deal, it waits for moderation, a moderator publishes it", async ({ page, browser, baseURL }, testInfo) => {
  // two sign-ups with their e-mails, a role change and three sign-ins
  test.slow();
  /** sign out, keeping the consent choice (the banner would cover the forms at 390 px) */
  const signOut = async () => {
    await page.context().clearCookies();
    await page.context().addCookies([consentCookie(baseURL!)]);
  };
  const title = `Friteuse sans huile 5 L ${testInfo.project.name}-${randomUUID().slice(0, 6)}`;

  // a visitor is sent to sign in and comes back to the form
  const memberEmail = await newMember(page, browser, baseURL!, "posteuse");
  await page.goto("/coup-de-crevarde");
  await page.getByRole("link", { name: "Proposer un deal" }).first().click();
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fcoup-de-crevarde%2Fproposer/);
  await signIn(page, { email: memberEmail, password: PASSWORD }, page.url());
  await expect(page).toHaveURL(/\/coup-de-crevarde\/proposer$/);
  await expect(page.getByRole("heading", { name: "Proposer un deal", level: 1 })).toBeVisible();

  // bad input is refused in French
  await page.getByLabel("Lien du deal").fill("http://127.0.0.1/admin");
  await page.getByRole("button", { name: "Proposer ce deal" }).click();
  await expect(page.getByText("Le lien doit commencer par http:// ou https:// et mener au site d'un vrai marchand.")).toBeVisible();
  await expect(page.getByLabel("Lien du deal")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Lien du deal").fill(`https://www.friteuses-${randomUUID().slice(0, 6)}.fr/produit/5l?utm_source=test`);
  await page.getByLabel("Titre").fill(title);
  await page.getByLabel("Prix (€)").fill("49,99");
  await page.getByLabel("Prix d'origine (€, facultatif)").fill("89,99");
  await page.getByLabel("D'où vient le prix d'origine ?").selectOption("merchant_strikethrough");
  await page.getByLabel("Marchand").fill("Friteuses.fr");
  await page.getByLabel("Catégorie").selectOption({ index: 1 });
  await page.getByLabel("Description").fill("Friteuse sans huile de 5 litres, livraison gratuite, prix le plus bas vu cette année.");
  await page.getByRole("button", { name: "Proposer ce deal" }).click();
  await expect(page).toHaveURL(/\/profile#mes-deals$/);
  const mine = page.getByTestId("my-deal-post").filter({ hasText: title });
  await expect(mine).toContainText("En attente de validation");
  await noHorizontalScroll(page);

  // not public while it waits
  await page.goto(`/coup-de-crevarde?q=${encodeURIComponent(title)}`);
  await expect(page.getByRole("heading", { name: title })).toHaveCount(0);

  // a moderator: a new member whom the admin gives the moderator role
  await signOut();
  const moderatorEmail = await newMember(page, browser, baseURL!, "moderatrice");
  await signOut();
  await signIn(page, DEMO_ADMIN, `/auth?redirect=${encodeURIComponent(`/admin/users?q=${moderatorEmail}`)}`);
  await expect(page).toHaveURL(/\/admin\/users/);
  await page.getByRole("button", { name: `Modifier ${moderatorEmail}` }).click();
  await page.getByRole("dialog").getByLabel("Rôle").selectOption("moderator");
  await page.getByRole("dialog").getByRole("button", { name: "Mettre à jour" }).click();
  await expect(page.getByRole("row", { name: new RegExp(moderatorEmail) })).toContainText("Modérateur");

  await signOut();
  await signIn(page, { email: moderatorEmail, password: PASSWORD }, "/auth?redirect=/admin/moderation");
  await expect(page).toHaveURL(/\/admin\/moderation$/);
  const pending = page.getByTestId("pending-deal").filter({ hasText: title });
  await expect(pending).toContainText(memberEmail);
  // the moderator corrects the title before deciding
  await pending.getByText("Corriger avant de décider").click();
  await pending.getByLabel("Titre").fill(`${title} (corrigé)`);
  await pending.getByRole("button", { name: "Enregistrer les corrections" }).click();
  await expect(page.getByText("Deal corrigé").first()).toBeVisible();
  await expect(pending).toContainText(`${title} (corrigé)`);
  await pending.getByRole("button", { name: "Publier" }).click();
  await expect(page.getByText("Deal publié").first()).toBeVisible();
  await noHorizontalScroll(page);

  // public now, as corrected
  await page.goto("/coup-de-crevarde");
  await expect(page.getByRole("heading", { name: `${title} (corrigé)` })).toBeVisible();
  await noHorizontalScroll(page);
});

test("a moderator refuses a member's deal with the rule broken and a statement of reasons; the author gets the e-mail and reads them on their profile", async ({ page, browser, baseURL }, testInfo) => {
  test.slow();
  const title = `Aspirateur balai ${testInfo.project.name}-${randomUUID().slice(0, 6)}`;
  const statement = "Le lien mène vers une page de parrainage, ce que la charte de publication interdit.";
  const memberEmail = await newMember(page, browser, baseURL!, "refusee");
  await signIn(page, { email: memberEmail, password: PASSWORD }, "/auth?redirect=%2Fcoup-de-crevarde%2Fproposer");
  await expect(page).toHaveURL(/\/coup-de-crevarde\/proposer$/);
  await page.getByLabel("Lien du deal").fill(`https://www.aspirateurs-${randomUUID().slice(0, 6)}.fr/balai`);
  await page.getByLabel("Titre").fill(title);
  await page.getByLabel("Prix (€)").fill("79,99");
  await page.getByLabel("Marchand").fill("Aspirateurs.fr");
  await page.getByLabel("Catégorie").selectOption({ index: 1 });
  await page.getByLabel("Description").fill("Aspirateur balai sans fil, 40 minutes d'autonomie, prix du jour.");
  await page.getByRole("button", { name: "Proposer ce deal" }).click();
  await expect(page).toHaveURL(/\/profile#mes-deals$/);

  // an admin holds the moderation permission
  await page.context().clearCookies();
  await page.context().addCookies([consentCookie(baseURL!)]);
  await signIn(page, DEMO_ADMIN, "/auth?redirect=/admin/moderation");
  await expect(page).toHaveURL(/\/admin\/moderation$/);
  const pending = page.getByTestId("pending-deal").filter({ hasText: title });
  await pending.getByLabel("Règle enfreinte").selectOption("referral");
  await pending.getByLabel("Exposé des motifs").fill(statement);
  await pending.getByRole("button", { name: "Refuser" }).click();
  await expect(page.getByText("Deal refusé").first()).toBeVisible();
  await expect(pending).toHaveCount(0);

  // the author: the e-mail (statement of reasons, DSA art. 17), then the decision on their profile
  await outboxLinks(browser, baseURL!, memberEmail, /Ton deal n'a pas été publié/);
  await page.context().clearCookies();
  await page.context().addCookies([consentCookie(baseURL!)]);
  await signIn(page, { email: memberEmail, password: PASSWORD }, "/auth?redirect=/profile");
  await expect(page).toHaveURL(/\/profile$/);
  const mine = page.getByTestId("my-deal-post").filter({ hasText: title });
  await expect(mine).toContainText("Refusé");
  await expect(mine).toContainText(statement);
  await noHorizontalScroll(page);
});
