import type { Page } from "@playwright/test";
import { consentCookie, expect, noHorizontalScroll, signedInAs, signIn, test } from "./fixtures";
import { commentedDealTitle, commenter, LONG_THREAD_COMMENTS, longThreadDealTitle, replier } from "./deal-comments-fixture";

/**
 * Comments on a deal page (issue #15 item 4): each project and test has its own
 * deal and members (tests/e2e/deal-comments-fixture.ts).
 */

async function openDeal(page: Page, title: string) {
  await page.goto(`/coup-de-crevarde?q=${encodeURIComponent(title)}`);
  await page.getByRole("link", { name: title, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
}

/**
 * Another member's view of the deal page is the shared page (ADR 048), which caches may keep for their TTL after a
 * comment is written: read it again until it shows `text`.
 */
async function openDealShowing(page: Page, title: string, text: string) {
  await openDeal(page, title);
  await expect(async () => {
    if (!(await page.getByText(text).first().isVisible())) await page.reload();
    await expect(page.getByText(text).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
}

async function signOut(page: Page, baseURL: string) {
  await page.context().clearCookies();
  await page.context().addCookies([consentCookie(baseURL)]);
}

test("members comment, edit, reply and report; a moderator removes the reported comment with a statement of reasons @layout", async ({ page, baseURL }, testInfo) => {
  // two members and a moderator sign in and act: room for a busy two-core machine
  test.slow();
  const project = testInfo.project.name;
  const title = commentedDealTitle(project, "js");
  const first = `Trouvée aussi sur https://exemple.fr/bouilloire — ${project}`;

  // a visitor is asked to sign in
  await openDeal(page, title);
  await expect(page.getByRole("link", { name: "Connecte-toi pour commenter" })).toHaveAttribute("href", /^\/auth\?redirect=/);

  // a member comments (the link is a nofollow link), then edits within 10 minutes
  await signIn(page, commenter(project));
  await expect(page).not.toHaveURL(/\/auth/);
  await openDeal(page, title);
  await page.getByLabel("Ton commentaire", { exact: true }).fill(first);
  await page.getByRole("button", { name: "Publier le commentaire" }).click();
  await expect(page.getByText("Ton commentaire est publié.")).toBeVisible();
  const mine = page.getByTestId("comment").filter({ hasText: "Trouvée aussi" });
  await expect(mine).toContainText(commenter(project).username);
  await expect(mine.getByRole("link", { name: "https://exemple.fr/bouilloire" })).toHaveAttribute("rel", /nofollow/);
  await expect(page.getByTestId("comments-count")).toHaveText("(1)");
  await expect(page.getByLabel("Ton commentaire", { exact: true })).toHaveValue("");
  await mine.locator("summary", { hasText: "Modifier" }).click();
  await mine.getByLabel("Ton commentaire (modifiable 10 minutes)").fill(`Trouvée moins chère ailleurs — ${project}`);
  await mine.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Ton commentaire est modifié.")).toBeVisible();
  const edited = page.getByTestId("comment").filter({ hasText: "Trouvée moins chère ailleurs" });
  await expect(edited).toContainText("(modifié)");
  await noHorizontalScroll(page);

  // another member replies and reports it
  await signOut(page, baseURL!);
  await signIn(page, replier(project));
  await expect(page).not.toHaveURL(/\/auth/);
  await openDealShowing(page, title, "Trouvée moins chère ailleurs");
  const theirs = page.getByTestId("comment").filter({ hasText: "Trouvée moins chère ailleurs" });
  await theirs.locator("summary", { hasText: "Répondre" }).click();
  await theirs.getByLabel(`Ta réponse à ${commenter(project).username}`).fill("Merci, je regarde !");
  await theirs.getByRole("button", { name: "Envoyer la réponse" }).click();
  await expect(page.getByText("Ton commentaire est publié.")).toBeVisible();
  const thread = page.getByTestId("comment-thread").filter({ hasText: "Trouvée moins chère ailleurs" });
  await expect(thread.getByTestId("comment")).toHaveCount(2);
  await expect(page.getByTestId("comments-count")).toHaveText("(2)");
  await theirs.locator("summary", { hasText: "Signaler" }).click();
  await theirs.getByLabel("Raison").selectOption("spam");
  await theirs.getByLabel("Précisions (facultatif)").fill("Lien publicitaire");
  await theirs.getByRole("button", { name: "Envoyer le signalement" }).click();
  await expect(page.getByText("Merci, ton signalement est transmis à la modération.")).toBeVisible();
  await expect(theirs.getByText("Signalé", { exact: true })).toBeVisible();
  await noHorizontalScroll(page);

  // a moderator removes it: the reply stays under « Commentaire retiré par la modération »
  // (the admin holds the moderation permission; a moderator's is proven by tests/integration/deal-comments.test.ts)
  await signOut(page, baseURL!);
  await signedInAs(page, "admin", "/admin/moderation?onglet=signalements");
  await expect(page).toHaveURL(/\/admin\/moderation\?onglet=signalements$/);
  const reported = page.getByTestId("reported-comment").filter({ hasText: `Sur « ${title} »` });
  await expect(reported).toContainText("Spam ou publicité");
  await expect(reported).toContainText("Lien publicitaire");
  // its link shows the comment on the deal page, whichever page of comments it is on
  await expect(reported.locator('a[href^="/coup-de-crevarde/"]')).toHaveAttribute("href", /^\/coup-de-crevarde\/[0-9a-f-]{36}\?commentaire=([0-9a-f-]{36})#commentaire-\1$/);
  await reported.getByLabel("Règle enfreinte").selectOption("spam");
  await reported.getByLabel("Exposé des motifs").fill("Ce commentaire renvoie vers un site publicitaire sans rapport avec le deal.");
  await reported.getByRole("button", { name: "Retirer le commentaire" }).click();
  await expect(page.getByText("Commentaire retiré").first()).toBeVisible();
  await expect(page.getByTestId("reported-comment").filter({ hasText: `Sur « ${title} »` })).toHaveCount(0);
  await noHorizontalScroll(page);
  await openDeal(page, title);
  await expect(page.getByTestId("comment-removed")).toHaveText("Commentaire retiré par la modération");
  await expect(page.getByText("Merci, je regarde !")).toBeVisible();
  await expect(page.getByText("Trouvée moins chère ailleurs")).toHaveCount(0);
  await expect(page.getByTestId("comments-count")).toHaveText("(1)");
});

test("a deal page shows 30 top-level comments; « Afficher plus de commentaires » shows the next ones @layout", async ({ page }, testInfo) => {
  const title = longThreadDealTitle(testInfo.project.name);
  await openDeal(page, title);
  const threads = page.getByTestId("comment-thread");
  await expect(threads).toHaveCount(30);
  await expect(threads.first()).toContainText("Avis n° 1");
  await expect(page.getByText("Avis n° 30", { exact: true })).toBeVisible();
  await expect(page.getByText("Avis n° 31", { exact: true })).toHaveCount(0);
  await expect(page.getByTestId("comments-count")).toHaveText(`(${LONG_THREAD_COMMENTS})`);
  await expect(page.getByTestId("comments-shown")).toHaveText(`30 sur ${LONG_THREAD_COMMENTS} commentaires`);
  await page.getByRole("link", { name: "Afficher plus de commentaires" }).click();
  // the reader is back at the last comment read, the next ones below it
  await expect(page).toHaveURL(/\?commentaires=60#commentaire-[0-9a-f-]{36}$/);
  await expect(page.getByText("Avis n° 30", { exact: true })).toBeInViewport();
  await expect(page.getByText("Avis n° 31", { exact: true })).toBeVisible();
  await expect(threads).toHaveCount(LONG_THREAD_COMMENTS);
  await expect(threads.last()).toContainText(`Avis n° ${LONG_THREAD_COMMENTS}`);
  await expect(page.getByRole("link", { name: "Afficher plus de commentaires" })).toHaveCount(0);
  await noHorizontalScroll(page);
});

test("the « Commentés » tab lives in the URL and keeps the search @layout", async ({ page }) => {
  await page.goto(`/coup-de-crevarde?q=${encodeURIComponent("bouilloire")}`);
  await page.getByRole("link", { name: "Commentés" }).click();
  await expect(page).toHaveURL(/\?q=bouilloire&tab=commentes$/);
  await expect(page.getByRole("link", { name: "Commentés" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("searchbox", { name: "Rechercher un deal" })).toHaveValue("bouilloire");
  await noHorizontalScroll(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a comment and a report are plain form POSTs that come back to the deal page", async ({ page }, testInfo) => {
    const project = testInfo.project.name;
    const title = commentedDealTitle(project, "plain");
    await signIn(page, commenter(project));
    await expect(page).not.toHaveURL(/\/auth/);
    await openDeal(page, title);
    const dealUrl = page.url();
    await page.getByLabel("Ton commentaire", { exact: true }).fill(`Sans JavaScript ${project}`);
    await page.getByRole("button", { name: "Publier le commentaire" }).click();
    await expect(page).toHaveURL(new RegExp(`^${dealUrl}\\?commentaire=([0-9a-f-]{36})#commentaire-\\1$`));
    await expect(page.getByTestId("comment").filter({ hasText: `Sans JavaScript ${project}` })).toBeVisible();
    await expect(page.getByTestId("comments-count")).toHaveText("(1)");
    // « Signaler ce deal »: a <details> that opens without JavaScript
    await page.getByTestId("deal-report").locator("summary").click();
    await page.getByTestId("deal-report").getByLabel("Raison").selectOption("misleading");
    await page.getByTestId("deal-report").getByRole("button", { name: "Envoyer le signalement" }).click();
    // back to the page it was sent from (the one that shows the new comment)
    await expect(page).toHaveURL(new RegExp(`^${dealUrl}\\?commentaire=[0-9a-f-]{36}$`));
    await expect(page.getByText("Tu as signalé ce deal : un modérateur va l'examiner.")).toBeVisible();
  });
});
