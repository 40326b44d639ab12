import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { openDatabase, setDatabase } from "#app/lib/db.server";

/**
 * `npm run bench -- --observations N` (issue #39 item 7, ADR 049): N price
 * observations generated in SQL (generate_series) on the PostgreSQL server of
 * DATABASE_URL, then the reference prices of a page of 24 deals
 * (dealPriceTruths, what every list of deal cards runs), p50/p95/p99 over
 * 1,000 reads of 50 pages, each page's first read apart (cold); the target:
 * p95 ≤ 5 ms, in ONE query on price_observations_product_time_idx (checked:
 * the statements a page sends are counted, the plan is printed).
 *
 * The history: N / 100 products of one merchant (`bench-prix.fr`), 100
 * observations each over the last 365 days (a price change every 3.65 days),
 * written in time order as a live site writes them (a product's rows spread
 * over the table). The rows are deleted at the end; a database of its own is
 * the better place to run it (the load drops and rebuilds the table's indexes).
 */

const MERCHANT = "bench-prix.fr";
const PER_PRODUCT = 100;
const PAGE = 24;
const PAGES = 50;
const READS = 1_000;
const TARGET_P95_MS = 5;
const CHUNK = 1_000_000;

const ms = (v: number) => v.toFixed(2);
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

export async function benchObservations(n: number, databaseUrl: string | undefined): Promise<void> {
  if (!databaseUrl) {
    console.error("--observations measures PostgreSQL: set DATABASE_URL (a database of its own, e.g. postgres://postgres@127.0.0.1:5432/bench_prices)");
    process.exit(1);
  }
  const database = await openDatabase({ url: databaseUrl });
  setDatabase(Promise.resolve(database));
  const { dealPriceTruths } = await import("#app/modules/deals/price-truth.server");
  const { observationsSince } = await import("#app/modules/prices/observations.server");
  const db = database.db;
  const pool = (db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const products = Math.max(1, Math.ceil(n / PER_PRODUCT));
  const stepSeconds = (365 * 86_400) / PER_PRODUCT;
  try {
    await db.execute(sql`delete from price_observations where merchant = ${MERCHANT}`);
    // a bulk load: the indexes are rebuilt once at the end rather than updated 10 million times
    const started = performance.now();
    await db.execute(sql.raw(`alter table price_observations drop constraint price_observations_pkey`));
    await db.execute(sql.raw(`drop index price_observations_product_time_idx`));
    for (let from = 0; from < n; from += CHUNK) {
      const to = Math.min(n, from + CHUNK) - 1;
      // observation j of product p is row g = j × products + p: all products' j-th prices, then the next ones (time order)
      await db.execute(
        sql.raw(`insert into price_observations (product_key, merchant, price_cents, currency, observed_at, source)
          select '${MERCHANT}/p/' || (g % ${products}), '${MERCHANT}', 500 + ((g % ${products}) * 37 + (g / ${products}) * 7919) % 4500, 'EUR',
            now() - interval '365 days' + ((g / ${products}) * ${stepSeconds} + (g % ${products}) % 3600) * interval '1 second', 'import'
          from generate_series(${from}::bigint, ${to}::bigint) g`),
      );
      process.stdout.write(`\r${(to + 1).toLocaleString("en")} observations written`);
    }
    await db.execute(sql.raw(`alter table price_observations add constraint price_observations_pkey primary key (id)`));
    await db.execute(sql.raw(`create index "price_observations_product_time_idx" on "price_observations" using btree ("product_key","observed_at")`));
    await db.execute(sql.raw(`vacuum analyze price_observations`));
    console.log(`\nloaded ${n.toLocaleString("en")} observations of ${products.toLocaleString("en")} products in ${((performance.now() - started) / 1000).toFixed(0)} s (indexes rebuilt, vacuum analyze)`);

    // 50 pages of 24 deals on random products, each published a day ago at a price with a typed original price
    const now = Date.now();
    const pages = Array.from({ length: PAGES }, () =>
      Array.from({ length: PAGE }, () => {
        const p = Math.floor(Math.random() * products);
        return { id: randomUUID(), url: `https://www.${MERCHANT}/p/${p}?utm_source=bench`, price: "12,99 €", originalPrice: "29,99 €", publishedAt: new Date(now - 86_400_000), createdAt: new Date(now - 86_400_000) };
      }),
    );

    // one page: the statements it sends, and the plan of its one query
    const sent: Array<{ text: string; values?: unknown[] }> = [];
    const query = pool.query.bind(pool);
    pool.query = (...args: unknown[]) => {
      const [first, second] = args;
      const config = typeof first === "string" ? { text: first } : (first as { text: string; values?: unknown[] });
      sent.push({ text: config.text, values: (second as unknown[] | undefined) ?? config.values });
      return query(...args);
    };
    const truths = await dealPriceTruths(pages[0]);
    pool.query = query;
    const plan = (await pool.query({ text: `explain (analyze, buffers) ${sent[0].text}`, values: sent[0].values })) as { rows: Array<{ "QUERY PLAN": string }> };
    console.log(`\none page of ${PAGE} deals: ${sent.length} ${sent.length === 1 ? "query" : "queries"}, ${truths.size} deals with a reference price; its plan (a second run):`);
    console.log(plan.rows.map((r) => `  ${r["QUERY PLAN"]}`).join("\n"));
    const planText = plan.rows.map((r) => r["QUERY PLAN"]).join("\n");
    const onIndex = /(Index (Only )?Scan using|Bitmap Index Scan on) price_observations_product_time_idx/.test(planText) && !/Seq Scan on price_observations/.test(planText);

    const time = async (page: (typeof pages)[number]) => {
      const t0 = performance.now();
      await dealPriceTruths(page);
      return performance.now() - t0;
    };
    const cold: number[] = [];
    for (const page of pages.slice(1)) cold.push(await time(page));
    const warm: number[] = [];
    for (let i = 0; i < READS; i++) warm.push(await time(pages[i % PAGES]));
    // the query alone (observationsSince), for comparison: the rest is the reference price and its French text
    const since = pages.map((page) => new Map(page.map((d) => [d.url.replace(/^https:\/\/www\.|\?.*$/g, ""), new Date(now - 121 * 86_400_000)])));
    const queryOnly: number[] = [];
    for (let i = 0; i < READS; i++) {
      const t0 = performance.now();
      await observationsSince(db, since[i % PAGES]);
      queryOnly.push(performance.now() - t0);
    }
    for (const list of [cold, warm, queryOnly]) list.sort((a, b) => a - b);
    console.log("\n| reads | p50 ms | p95 ms | p99 ms | max ms |");
    console.log("|---|---|---|---|---|");
    console.log(`| first read of ${cold.length} pages (cold) | ${ms(quantile(cold, 0.5))} | ${ms(quantile(cold, 0.95))} | ${ms(quantile(cold, 0.99))} | ${ms(cold[cold.length - 1])} |`);
    console.log(`| ${READS.toLocaleString("en")} reads of ${PAGES} pages | ${ms(quantile(warm, 0.5))} | ${ms(quantile(warm, 0.95))} | ${ms(quantile(warm, 0.99))} | ${ms(warm[warm.length - 1])} |`);
    console.log(`| the query alone, ${READS.toLocaleString("en")} reads of ${PAGES} pages | ${ms(quantile(queryOnly, 0.5))} | ${ms(quantile(queryOnly, 0.95))} | ${ms(quantile(queryOnly, 0.99))} | ${ms(queryOnly[queryOnly.length - 1])} |`);
    const p95 = quantile(warm, 0.95);
    const targets = [
      { name: `reference prices of a page of ${PAGE} deals at ${n.toLocaleString("en")} observations, p95 ≤ ${TARGET_P95_MS} ms`, measured: `${ms(p95)} ms`, pass: p95 <= TARGET_P95_MS },
      { name: "one query on price_observations_product_time_idx", measured: `${sent.length} ${sent.length === 1 ? "query" : "queries"}, ${onIndex ? "index scan" : "no index scan"}`, pass: sent.length === 1 && onIndex },
    ];
    console.log("\n| target (issue #39) | measured | result |");
    console.log("|---|---|---|");
    for (const t of targets) console.log(`| ${t.name} | ${t.measured} | ${t.pass ? "PASS" : "FAIL"} |`);
  } finally {
    await db.execute(sql`delete from price_observations where merchant = ${MERCHANT}`);
    await database.close();
  }
}

/** `--observations N` or `--observations=N`: how many price observations to generate (0 when absent). */
export function observationsArg(argv: readonly string[]): number {
  const i = argv.findIndex((a) => a === "--observations" || a.startsWith("--observations="));
  if (i < 0) return 0;
  const raw = argv[i].includes("=") ? argv[i].split("=")[1] : argv[i + 1];
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 50_000_000) {
    console.error("--observations expects a whole number of observations between 1 and 50,000,000, e.g. --observations 10000000");
    process.exit(1);
  }
  return n;
}
