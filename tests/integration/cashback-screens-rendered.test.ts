/**
 * Issue #34 items 6 and 7, as a member sees them: the cashback screens rendered to their full HTML by the
 * production request handler (not only their loader data).
 * - item 7: /mon-cashback (and its withdrawals block) and /mon-cashback/reclamation link the help articles
 *   « Pourquoi mon achat n'apparaît pas ? » and « Quand serai-je payé ? », and each link opens a published article;
 * - item 6: a member whose welcome bonus was credited reads it as a line of /mon-cashback's history.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { getDb } from "#app/lib/db.server";
import { HELP_ARTICLE_SLUGS, helpArticlePath } from "#app/modules/help/help.constants";
import { WELCOME_BONUS_DETAIL, WELCOME_BONUS_LABEL } from "#app/modules/cashback/welcome-bonus";
import { setSetting } from "#app/modules/settings/settings.server";
import * as s from "#db/schema";
import { startInProcessApp } from "#tests/helpers/app";
import { signedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";

const decode = (html: string) =>
  html
    .replaceAll("<!-- -->", "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&nbsp;|&#xa0;/gi, " ")
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/&amp;/g, "&");

/** The help block of a page: each link's href and text. */
function helpLinks(html: string): Array<{ href: string; text: string }> {
  const blocks = [...html.matchAll(/<aside\b[^>]*data-testid="help-links"[^>]*>([\s\S]*?)<\/aside>/g)].map((m) => m[1]);
  return blocks.flatMap((block) =>
    [...block.matchAll(/<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map((m) => ({ href: m[1], text: decode(m[2].replace(/<[^>]+>/g, "")).trim() })),
  );
}

const MISSING = { href: helpArticlePath(HELP_ARTICLE_SLUGS.missingPurchase), text: "Pourquoi mon achat n'apparaît pas ?" };
const WHEN_PAID = { href: helpArticlePath(HELP_ARTICLE_SLUGS.whenPaid), text: "Quand serai-je payé ?" };

describeEachDb("cashback screens as a member sees them (issue #34 items 6 and 7)", () => {
  let app: Awaited<ReturnType<typeof startInProcessApp>>;

  beforeAll(async () => {
    await setSetting("cashback_launched", true);
    app = await startInProcessApp();
  });

  afterAll(async () => {
    await app?.close();
  });

  const render = async (p: string, cookie = "") => {
    const res = await fetch(`${app.base}${p}`, { redirect: "manual", headers: { accept: "text/html", ...(cookie ? { cookie } : {}) } });
    return { status: res.status, html: await res.text() };
  };

  it("/mon-cashback, its withdrawals and /mon-cashback/reclamation link « Pourquoi mon achat n'apparaît pas ? » and « Quand serai-je payé ? », each a published article", async () => {
    const member = await signedInUser();
    const page = await render("/mon-cashback", member.cookie);
    expect(page.status).toBe(200);
    // the page's own block, and the withdrawals block's « Quand serai-je payé ? »
    expect(helpLinks(page.html)).toEqual([MISSING, WHEN_PAID, WHEN_PAID]);
    expect(page.html).toContain('aria-labelledby="withdrawals');

    const claims = await render("/mon-cashback/reclamation", member.cookie);
    expect(claims.status).toBe(200);
    expect(helpLinks(claims.html)).toEqual([MISSING, WHEN_PAID]);

    // the links are not 404s: each opens its published article, with the title the link shows
    for (const link of [MISSING, WHEN_PAID]) {
      const article = await render(link.href);
      expect(article.status, link.href).toBe(200);
      expect(decode(article.html)).toContain(`<h1`);
      expect(decode(article.html)).toContain(link.text);
    }
  });

  it("/mon-cashback shows a credited welcome bonus as a line of the history: its label, amount and « offerts »", async () => {
    const member = await signedInUser();
    const before = decode((await render("/mon-cashback", member.cookie)).html);
    expect(before).not.toContain(WELCOME_BONUS_LABEL);
    await (await getDb()).insert(s.welcomeBonuses).values({ userId: member.id, amountCents: 300 });
    const html = decode((await render("/mon-cashback", member.cookie)).html);
    const line = /<div\b[^>]*data-testid="welcome-bonus-line"[^>]*>([\s\S]*?)offerts/.exec(html);
    expect(line, "no welcome bonus line").not.toBeNull();
    const text = line![1].replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    expect(text).toContain(WELCOME_BONUS_LABEL);
    expect(text).toContain(`${WELCOME_BONUS_DETAIL} · crédité le`);
    expect(text).toContain("Validé");
    expect(text).toContain("3,00 €");
  });
});
