import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { hashPassword } from "better-auth/crypto";
import { and, eq, like, ne, sql, type AnyColumn } from "drizzle-orm";
import type { Db } from "#app/lib/db.server";
import { renderBlogCover, renderProductImage, renderWordmark } from "#app/lib/images.server";
import { saveGeneratedImage, uploadsDir } from "#app/lib/storage.server";
import { resolveCategoryId } from "#app/modules/categories/category-refs.server";
import { HOME_BLOCK_DEFAULTS } from "#app/modules/content/home-defaults";
import { HOT_THRESHOLD } from "#app/modules/deals/deal-rules";
import * as s from "#db/schema";
import { ARTICLES, seedArticleDate } from "./data/blog";
import { BRAND_COLOURS, BRANDS } from "./data/brands";
import { CATEGORIES } from "./data/categories";
import { DEALS } from "./data/deals";
import { HELP_ARTICLES } from "./data/help";
import { DEMO_LEGAL_IDENTITY, LEGAL_PAGES } from "./data/legal";
import { sanitizeRichHtml } from "#app/lib/html.server";
import { OFFERS } from "./data/offers";
import { OFFER_PRICE_HISTORY, PRICE_HISTORY } from "./data/price-history";
import { priceCents } from "#app/modules/prices/observations.server";
import { productKey } from "#app/modules/prices/product-key";
import { TZDate } from "@date-fns/tz";
import { DEMO_BOOSTED_PROGRAM, DEMO_PROGRAM_BRAND_SLUG, DEMO_PROGRAMS, type ProgramSeed } from "./data/programs";
import { PROMO_CODES } from "./data/promo-codes";
import { DEMO_ACCOUNTS } from "./demo-accounts";
import { seedDemoCashback } from "./demo-cashback";
import { refreshLexicon } from "#app/modules/search/search.server";


export interface SeedOptions {
  /** where generated images are written; defaults to ${DATA_DIR}/uploads */
  uploadsDir?: string;
  /** site name used in the legal pages (default "Crevarde") */
  siteName?: string;
  log?: (message: string) => void;
  /** reference time for promo code expiries and deal ages (tests) */
  now?: Date;
  /**
   * Run only if this database has never been seeded (the start-up seed), so
   * that what an admin deleted stays deleted. Without it (`npm run db:seed`),
   * missing demo rows are restored.
   */
  once?: boolean;
  /**
   * Password of the demo admin when it is created (default: the README's one).
   * When set (a deployment seeded with SEED_DEMO=true), the other back-office
   * demo accounts (editor, finance) get a random password of their own too:
   * only the member keeps the README's password.
   */
  adminPassword?: string;
}

export interface SeedResult {
  /** false when `once` found the database already seeded */
  seeded: boolean;
  /** demo accounts created by this run, with their passwords */
  createdAccounts: Array<{ role: string; email: string; password: string }>;
}

/** The site_settings row recording that the demo seed ran on this database (written with the seed). */
export const DEMO_SEEDED_KEY = "demo_seeded_at";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

async function seededAt(db: Db | Tx): Promise<unknown> {
  const [row] = await db.select({ value: s.siteSettings.value }).from(s.siteSettings).where(eq(s.siteSettings.key, DEMO_SEEDED_KEY));
  return row?.value;
}

const DAY = 24 * 60 * 60 * 1000;
/** advisory lock key of the demo seed */
const SEED_LOCK = 0x63726576; // "crev"

/**
 * The version of the generated demo images, in their file names: a new look
 * gets new files, and the rows still showing an older generated image
 * (`/uploads/seed-…`) are moved to the new one by refreshSeedImages.
 */
export const SEED_IMAGE_VERSION = "v3";

/** Generate (once) an image and return its public URL. */
async function image(dir: string, name: string, render: () => Promise<Buffer>) {
  const file = `seed-${SEED_IMAGE_VERSION}-${name}.webp`;
  if (fs.existsSync(path.join(dir, file))) return `/uploads/${file}`;
  return saveGeneratedImage(file, await render(), dir);
}

/** A demo brand as its products' images show it: name, category (the label's typeface) and colours. */
function productBrand(slug: string | undefined) {
  const brand = BRANDS.find((b) => b.slug === slug);
  return brand ? { name: brand.name, category: brand.category, colours: BRAND_COLOURS[brand.slug] } : null;
}

/** Generate the demo images (files, outside any transaction). */
async function seedImages(dir: string, siteName: string) {
  const [brands, deals, offers, articles] = await Promise.all([
    Promise.all(BRANDS.map((b) => image(dir, `brand-${b.slug}`, () => renderWordmark({ name: b.name, category: b.category, size: 256 })))),
    Promise.all(DEALS.map((d, i) => image(dir, `deal-${i + 1}`, () => renderProductImage({ title: d.title, brand: productBrand(d.brandSlug), width: 480, height: 320 })))),
    Promise.all(OFFERS.map((o, i) => image(dir, `offer-${i + 1}`, () => renderProductImage({ title: o.name, brand: productBrand(o.brandSlug), width: 400, height: 400 })))),
    Promise.all(
      ARTICLES.map((a) => image(dir, `blog-${a.id}`, () => renderBlogCover({ title: a.title, category: a.category, siteName, width: 1200, height: 630, outputWidth: 800 }))),
    ),
  ]);
  return { brands, deals, offers, articles };
}

/**
 * Demo rows that still show a generated image of an older version get the
 * current one. An uploaded image (a random name, never `seed-…`) and an
 * image an admin removed are left as they are: an upload always wins.
 */
async function refreshSeedImages(db: Db | Tx, images: Awaited<ReturnType<typeof seedImages>>) {
  const stale = (column: AnyColumn, url: string) => and(like(column, "/uploads/seed-%"), ne(column, url));
  for (const [i, b] of BRANDS.entries()) {
    await db.update(s.brands).set({ imageUrl: images.brands[i] }).where(and(eq(s.brands.slug, b.slug), stale(s.brands.imageUrl, images.brands[i])));
  }
  for (const [i, d] of DEALS.entries()) {
    await db
      .update(s.crevardeDeals)
      .set({ imageUrl: images.deals[i] })
      .where(and(eq(s.crevardeDeals.title, d.title), stale(s.crevardeDeals.imageUrl, images.deals[i])));
  }
  for (const [i, o] of OFFERS.entries()) {
    await db.update(s.offers).set({ imageUrl: images.offers[i] }).where(and(eq(s.offers.name, o.name), stale(s.offers.imageUrl, images.offers[i])));
  }
  for (const [i, a] of ARTICLES.entries()) {
    await db
      .update(s.blogArticles)
      .set({ imageUrl: images.articles[i] })
      .where(and(eq(s.blogArticles.id, a.id), stale(s.blogArticles.imageUrl, images.articles[i])));
  }
}

/**
 * Idempotent demo data: every row is keyed on a natural key (slug, name,
 * email, page+name...), so running it again adds nothing and changes nothing.
 * All rows and the DEMO_SEEDED_KEY record are written in one transaction,
 * under an advisory lock (two servers starting together seed once).
 */
export async function seed(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  const log = options.log ?? (() => {});
  const siteName = options.siteName ?? "Crevarde";
  const now = options.now ?? new Date();
  const dir = options.uploadsDir ?? uploadsDir();
  const started = Date.now();

  // images first: files, outside the transaction
  const images = await seedImages(dir, siteName);
  const { brands: brandImages, deals: dealImages, offers: offerImages, articles: articleImages } = images;

  if (options.once && (await seededAt(db)) !== undefined) {
    // nothing is restored, but the demo rows with an older generated image get the current one
    await refreshSeedImages(db, images);
    log("seed: this database was seeded before, nothing to do");
    return { seeded: false, createdAccounts: [] };
  }

  const result = await db.transaction(async (db): Promise<SeedResult> => {
    await db.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (options.once && (await seededAt(db)) !== undefined) return { seeded: false, createdAccounts: [] };
    const createdAccounts: SeedResult["createdAccounts"] = [];

    const [{ n: existingBrands }] = await db.select({ n: sql<number>`count(*)::int` }).from(s.brands);
    if (existingBrands > 0) {
      log("seed: demo data already present, checking for missing rows");
    }

    // categories
    await db
      .insert(s.categories)
      .values(CATEGORIES.map((c) => ({ ...c })))
      .onConflictDoNothing();

    // brands, codes and offers point at their category by id
    const categoryIds = new Map<string, string | null>();
    for (const name of new Set([...BRANDS, ...PROMO_CODES, ...OFFERS].map((x) => x.category).filter((c) => c !== null))) {
      categoryIds.set(name, await resolveCategoryId(db, name));
    }
    const categoryId = (name: string | null) => (name === null ? null : (categoryIds.get(name) ?? null));

    // brands
    await db
      .insert(s.brands)
      .values(BRANDS.map(({ category, ...b }, i) => ({ ...b, categoryId: categoryId(category), imageUrl: brandImages[i] })))
      .onConflictDoNothing();
    const brandRows = await db.select({ id: s.brands.id, slug: s.brands.slug, websiteUrl: s.brands.websiteUrl }).from(s.brands);
    const brandBySlug = new Map(brandRows.map((b) => [b.slug, b]));

    // promo codes (natural key: brand + code)
    for (const p of PROMO_CODES) {
      const brand = brandBySlug.get(p.brandSlug);
      if (!brand) continue;
      const [exists] = await db
        .select({ id: s.promoCodes.id })
        .from(s.promoCodes)
        .where(and(eq(s.promoCodes.brandId, brand.id), eq(s.promoCodes.code, p.code)))
        .limit(1);
      if (exists) continue;
      await db.insert(s.promoCodes).values({
        brandId: brand.id,
        code: p.code,
        discountAmount: p.discountAmount,
        description: p.description,
        categoryId: categoryId(p.category),
        isFeatured: p.isFeatured,
        url: brand.websiteUrl,
        expiresAt: p.expiresInDays === null ? null : new Date(now.getTime() + p.expiresInDays * DAY),
      });
    }

    // deals (natural key: title)
    for (const [i, d] of DEALS.entries()) {
      const [exists] = await db.select({ id: s.crevardeDeals.id }).from(s.crevardeDeals).where(eq(s.crevardeDeals.title, d.title)).limit(1);
      if (exists) continue;
      const created = new Date(now.getTime() - d.ageHours * 60 * 60 * 1000);
      await db.insert(s.crevardeDeals).values({
        title: d.title,
        description: d.description,
        price: d.price,
        originalPrice: d.originalPrice,
        source: d.source,
        badgeText: d.badgeText,
        badgeType: d.badgeType,
        ctaText: d.ctaText,
        url: d.url,
        isFeatured: d.isFeatured,
        imageUrl: dealImages[i],
        brandId: d.brandSlug ? brandBySlug.get(d.brandSlug)?.id : null,
        temperature: d.temperature,
        hotSince: d.temperature >= HOT_THRESHOLD ? created : null,
        // published when posted, hours ago: past the « Nouveau » window (issue #34 item 9)
        publishedAt: created,
        createdAt: created,
        updatedAt: created,
      });
    }

    // 90 days of price history for a dozen of the deals' products, relative to the seed's time (ADR 049);
    // natural key: the product (a product with any observation keeps its history)
    for (const d of DEALS) {
      const history = PRICE_HISTORY[d.title];
      const product = productKey(d.url);
      if (!history || !product) continue;
      const [known] = await db.select({ id: s.priceObservations.id }).from(s.priceObservations).where(eq(s.priceObservations.productKey, product.key)).limit(1);
      if (known) continue;
      const observed = (priceCents: number, observedAt: Date, sourceId: string | null = null) =>
        ({ productKey: product.key, merchant: product.merchant, priceCents, observedAt, source: sourceId ? ("deal" as const) : ("import" as const), sourceId });
      const rows = history.map(([days, cents]) => observed(cents, new Date(now.getTime() - days * DAY)));
      // the deal's own price, at its publication, unless it repeats the last one
      const [deal] = await db.select({ id: s.crevardeDeals.id, publishedAt: s.crevardeDeals.publishedAt }).from(s.crevardeDeals).where(eq(s.crevardeDeals.title, d.title)).limit(1);
      const cents = priceCents(d.price);
      if (deal?.publishedAt && cents !== null && cents !== history.at(-1)?.[1]) rows.push(observed(cents, deal.publishedAt, deal.id));
      await db.insert(s.priceObservations).values(rows);
    }

    // offers (natural key: brand + name)
    for (const [i, o] of OFFERS.entries()) {
      const brand = brandBySlug.get(o.brandSlug);
      if (!brand) continue;
      const [exists] = await db
        .select({ id: s.offers.id })
        .from(s.offers)
        .where(and(eq(s.offers.brandId, brand.id), eq(s.offers.name, o.name)))
        .limit(1);
      if (exists) continue;
      const url = o.productPath && brand.websiteUrl ? new URL(o.productPath, brand.websiteUrl).href : brand.websiteUrl;
      const [offer] = await db
        .insert(s.offers)
        .values({
          brandId: brand.id,
          name: o.name,
          regularPrice: o.regularPrice,
          categoryId: categoryId(o.category),
          tag: o.tag,
          isFeatured: o.isFeatured,
          url,
          imageUrl: offerImages[i],
        })
        .returning({ id: s.offers.id });
      // its product's history over a year (ADR 049 §The offer page), then its own price now, as an admin's save records it
      const history = OFFER_PRICE_HISTORY[o.name];
      const product = productKey(url);
      if (!history || !product) continue;
      const [known] = await db.select({ id: s.priceObservations.id }).from(s.priceObservations).where(eq(s.priceObservations.productKey, product.key)).limit(1);
      if (known) continue;
      const observed = (priceCents: number, observedAt: Date, sourceId: string | null = null) =>
        ({ productKey: product.key, merchant: product.merchant, priceCents, observedAt, source: sourceId ? ("offer" as const) : ("import" as const), sourceId });
      const rows = history.map(([days, cents]) => observed(cents, new Date(now.getTime() - days * DAY)));
      const cents = priceCents(o.regularPrice);
      if (cents !== null && cents !== history.at(-1)?.[1]) rows.push(observed(cents, now, offer.id));
      await db.insert(s.priceObservations).values(rows);
    }

    // affiliate programmes of the demo brand, one per network (natural key: network + account + programme id);
    // a programme's rates are written with it, so an admin's rate changes are never undone
    // a boost ends at midnight, Paris time, after its last day: « jusqu'au 3 décembre »
    const parisMidnightAfter = (day: Date) => {
      const z = new TZDate(day, "Europe/Paris");
      return new Date(TZDate.tz("Europe/Paris", z.getFullYear(), z.getMonth(), z.getDate() + 1).getTime());
    };
    const insertProgram = async (brandId: string, p: ProgramSeed, boost?: typeof DEMO_BOOSTED_PROGRAM.boost) => {
      const { rates, ...program } = p;
      const [created] = await db
        .insert(s.affiliatePrograms)
        .values({
          ...program,
          brandId,
          memberShareBps: 7000,
          // a boost running at the seed time (issue #34 item 6): relative to now, so a fresh demo shows it
          ...(boost
            ? { boostShareBps: boost.shareBps, boostStartsAt: new Date(now.getTime() - boost.startedDaysAgo * DAY), boostEndsAt: parisMidnightAfter(new Date(now.getTime() + boost.endsInDays * DAY)) }
            : {}),
        })
        .onConflictDoNothing()
        .returning({ id: s.affiliatePrograms.id });
      if (!created) return;
      await db.insert(s.programRates).values(
        rates.map((r) => ({
          programId: created.id,
          label: r.label,
          displayPercent: r.displayPercent ?? null,
          displayFixedCents: r.displayFixedCents ?? null,
          commissionGroupCode: r.commissionGroupCode ?? null,
          validFrom: new Date(now.getTime() - r.fromDaysAgo * DAY),
          validTo: r.toDaysAgo === null ? null : new Date(now.getTime() - r.toDaysAgo * DAY),
        })),
      );
    };
    const programBrand = brandBySlug.get(DEMO_PROGRAM_BRAND_SLUG);
    if (programBrand) for (const p of DEMO_PROGRAMS) await insertProgram(programBrand.id, p);
    const boostedBrand = brandBySlug.get(DEMO_BOOSTED_PROGRAM.brandSlug);
    if (boostedBrand) await insertProgram(boostedBrand.id, DEMO_BOOSTED_PROGRAM.program, DEMO_BOOSTED_PROGRAM.boost);

    // home content blocks (unique on page + name: never overwritten)
    await db.insert(s.contentBlocks).values(HOME_BLOCK_DEFAULTS.map((b) => ({ ...b }))).onConflictDoNothing();

    // blog articles
    await db
      .insert(s.blogArticles)
      .values(ARTICLES.map(({ daysAgo, ...a }, i) => ({ ...a, publishedAt: seedArticleDate(daysAgo, now), imageUrl: articleImages[i] })))
      .onConflictDoNothing();

    // legal pages
    await db
      .insert(s.pages)
      .values(
        LEGAL_PAGES.map((p) => ({
          slug: p.slug,
          title: p.title,
          metaDescription: p.metaDescription,
          content: p.content(siteName),
          published: true,
          updatedAt: new Date("2025-05-15T10:00:00+02:00"),
          createdAt: new Date("2025-05-15T10:00:00+02:00"),
        })),
      )
      .onConflictDoNothing();

    // help centre articles (unique slug: an admin's edits are never undone)
    await db
      .insert(s.helpArticles)
      .values(HELP_ARTICLES.map((a) => ({ ...a, body: sanitizeRichHtml(a.body), published: true })))
      .onConflictDoNothing();

    // settings
    await db
      .insert(s.siteSettings)
      .values([
        { key: "temu_offer_ends_at", value: "2025-05-25T23:59:59+02:00" },
        // the demo shows live cashback (issue #12 item 8); a deployment starts without it (settings default)
        { key: "cashback_launched", value: true },
        { key: "content_protection", value: true },
        // plausible demo values of the mentions légales: a deployment starts with them empty (ADR 011)
        ...Object.entries(DEMO_LEGAL_IDENTITY).map(([key, value]) => ({ key, value })),
      ])
      .onConflictDoNothing();

    // demo accounts (better-auth credential accounts + profiles)
    for (const account of DEMO_ACCOUNTS) {
      const [exists] = await db.select({ id: s.user.id }).from(s.user).where(eq(s.user.email, account.email)).limit(1);
      if (exists) continue;
      const id = randomUUID();
      const password = !options.adminPassword || account.role === "user" ? account.password : account.role === "admin" ? options.adminPassword : randomBytes(18).toString("base64url");
      await db.insert(s.user).values({
        id,
        name: account.username,
        email: account.email,
        emailVerified: true,
        role: account.role,
      });
      await db.insert(s.account).values({
        id: randomUUID(),
        accountId: id,
        providerId: "credential",
        userId: id,
        password: await hashPassword(password),
      });
      // the trigger on "user" has created the profile: complete it
      await db
        .insert(s.profiles)
        .values({ id, username: account.username, email: account.email, dealsUsed: account.dealsUsed })
        .onConflictDoUpdate({ target: s.profiles.id, set: { username: account.username, dealsUsed: account.dealsUsed } });
      createdAccounts.push({ role: account.role, email: account.email, password });
    }

    // the demo member's "Mon cashback": one purchase per status, with its ledger money
    const demoMemberEmail = DEMO_ACCOUNTS.find((a) => a.role === "user")?.email ?? "";
    const [demoMember] = await db.select({ id: s.user.id }).from(s.user).where(eq(s.user.email, demoMemberEmail)).limit(1);
    const caudalie = brandBySlug.get("caudalie")?.id;
    const nuxe = brandBySlug.get("nuxe")?.id;
    const typology = brandBySlug.get("typology")?.id;
    if (demoMember && caudalie && nuxe && typology) await seedDemoCashback(db, { userId: demoMember.id, brandIds: { caudalie, nuxe, typology }, now });

    // demo rows kept from an earlier seed: an older generated image gives way to the current one
    await refreshSeedImages(db, images);

    // recorded with the rows: a later start does not seed again
    await db
      .insert(s.siteSettings)
      .values({ key: DEMO_SEEDED_KEY, value: now.toISOString() })
      .onConflictDoNothing();
    return { seeded: true, createdAccounts };
  });

  // the search's lexicon of catalogue words (typo corrections, suggestions); the hourly job keeps it current
  if (result.seeded) await refreshLexicon(db);
  log(result.seeded ? `seed: demo data ready (${Date.now() - started} ms)` : "seed: this database was seeded before, nothing to do");
  return result;
}
