import { sql } from "drizzle-orm";
import { analyticsEvents, brands, newsletterSubscribers, pages, user } from "../../../db/schema";
import { getDb } from "~/lib/db.server";

/** Change between two counts as "+12%" / "-5%"; "—" when there is nothing to compare with. */
export function percentChange(current: number, previous: number): string {
  if (previous === 0) return current === 0 ? "0%" : "—";
  const change = Math.round(((current - previous) / previous) * 100);
  return `${change > 0 ? "+" : ""}${change}%`;
}

type Row = { day: string; n: number };

async function daily(table: "user" | "newsletter" | "clicks"): Promise<Row[]> {
  const db = await getDb();
  const q =
    table === "user"
      ? sql`select to_char(date_trunc('day', ${user.createdAt}), 'YYYY-MM-DD') as day, count(*)::int as n from ${user} where ${user.createdAt} >= now() - interval '30 days' group by 1`
      : table === "newsletter"
        ? sql`select to_char(date_trunc('day', ${newsletterSubscribers.createdAt}), 'YYYY-MM-DD') as day, count(*)::int as n from ${newsletterSubscribers} where ${newsletterSubscribers.createdAt} >= now() - interval '30 days' group by 1`
        : sql`select to_char(date_trunc('day', ${analyticsEvents.occurredAt}), 'YYYY-MM-DD') as day, count(*)::int as n from ${analyticsEvents} where ${analyticsEvents.event} = 'click_out' and ${analyticsEvents.occurredAt} >= now() - interval '30 days' group by 1`;
  const result = (await db.execute(q)) as unknown as { rows: Row[] };
  return result.rows;
}

export async function dashboardStats(now = new Date()) {
  const db = await getDb();
  const one = async (q: ReturnType<typeof sql>) => Number(((await db.execute(q)) as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
  const [pagesCount, users, usersThisMonth, usersLastMonth, brandsCount, brandsThisMonth, signups, newsletter, clicks] = await Promise.all([
    one(sql`select count(*)::int as n from ${pages}`),
    one(sql`select count(*)::int as n from ${user}`),
    one(sql`select count(*)::int as n from ${user} where ${user.createdAt} >= date_trunc('month', now())`),
    one(sql`select count(*)::int as n from ${user} where ${user.createdAt} >= date_trunc('month', now()) - interval '1 month' and ${user.createdAt} < date_trunc('month', now())`),
    one(sql`select count(*)::int as n from ${brands}`),
    one(sql`select count(*)::int as n from ${brands} where ${brands.createdAt} >= date_trunc('month', now())`),
    daily("user"),
    daily("newsletter"),
    daily("clicks"),
  ]);
  const days: string[] = [];
  for (let i = 29; i >= 0; i--) {
    const d = new Date(now.getTime() - i * 86400e3);
    days.push(d.toISOString().slice(0, 10));
  }
  const series = (rows: Row[]) => {
    const m = new Map(rows.map((r) => [r.day, Number(r.n)]));
    return days.map((d) => m.get(d) ?? 0);
  };
  return {
    pages: pagesCount,
    users,
    usersChange: percentChange(usersThisMonth, usersLastMonth),
    brands: brandsCount,
    brandsThisMonth,
    chart: { days, signups: series(signups), newsletter: series(newsletter), clicks: series(clicks) },
  };
}
