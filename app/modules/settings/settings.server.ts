import { eq } from "drizzle-orm";
import { siteSettings } from "#db/schema";
import { onDataChange } from "#app/lib/data-changes.server";
import { databaseGeneration, getDb } from "#app/lib/db.server";
import { remember } from "#app/lib/remember.server";

export const SETTING_DEFAULTS: {
  /** the /temu offer: its first day, its end (ISO instants) and its cashback bonus (percent) */
  temu_offer_starts_at: string;
  temu_offer_ends_at: string;
  temu_cashback_bonus_percent: number;
  cashback_launched: boolean;
  /** the smallest withdrawal, in cents (the product spec: "paid once 10 euros have accumulated"; ADR 023) */
  payout_minimum_cents: number;
  content_protection: boolean;
  /** extra /kpi hosts, comma-separated (added to REDIRECT_ALLOWED_HOSTS) */
  redirect_allowed_hosts: string;
  /** Google Analytics 4 measurement ID ("G-…"); GA_MEASUREMENT_ID wins when set */
  ga_measurement_id: string;
  /** legal identity of the site (LCEN, RGPD art. 13): see app/modules/legal/identity.ts; empty = not set */
  legal_publisher_name: string;
  legal_company_form: string;
  legal_capital: string;
  legal_address: string;
  legal_registration: string;
  legal_phone: string;
  legal_email: string;
  legal_publication_director: string;
  legal_host_name: string;
  legal_host_address: string;
  legal_host_phone: string;
  /** "france", "eu" or "" (not set) */
  legal_hosting_region: string;
  legal_privacy_contact: string;
  /** referral rewards in cents (ADR 037 §Referral): the friend's welcome bonus and the referrer's, paid at the friend's first validated cashback */
  referral_referee_bonus_cents: number;
  referral_referrer_bonus_cents: number;
  /** the welcome bonus in cents, credited at a member's first validated purchase (issue #34 item 6, ADR 013 §Welcome bonus); 0 = off */
  welcome_bonus_cents: number;
  /** a member's deal posts wait for moderation until this many of them have been approved (ADR 036 §Posting and moderation) */
  deal_trusted_after_approved: number;
  /** self-promotion strikes after which a member can no longer post deals (ADR 036 §Self-promotion, three-strike rule) */
  deal_self_promotion_strikes: number;
  /** « Expiré ? » flags (weighted: trusted members 2, others 1) that turn a deal expired (ADR 036 §Expiry: 2) */
  deal_expiry_flag_threshold: number;
  /** a conversion whose EUR commission is above this many cents is held « En vérification » until finance approves it (ADR 039) */
  conversion_review_ceiling_cents: number;
} = {
  temu_offer_starts_at: "2025-05-14T00:00:00+02:00",
  temu_offer_ends_at: "2025-05-25T23:59:59+02:00",
  temu_cashback_bonus_percent: 20,
  cashback_launched: false,
  payout_minimum_cents: 1000,
  content_protection: true,
  redirect_allowed_hosts: "",
  ga_measurement_id: "",
  legal_publisher_name: "",
  legal_company_form: "",
  legal_capital: "",
  legal_address: "",
  legal_registration: "",
  legal_phone: "",
  legal_email: "",
  legal_publication_director: "",
  legal_host_name: "",
  legal_host_address: "",
  legal_host_phone: "",
  legal_hosting_region: "",
  legal_privacy_contact: "",
  referral_referee_bonus_cents: 200,
  referral_referrer_bonus_cents: 300,
  welcome_bonus_cents: 300,
  deal_trusted_after_approved: 3,
  deal_self_promotion_strikes: 3,
  deal_expiry_flag_threshold: 2,
  conversion_review_ceiling_cents: 200_00,
};
export type SettingKey = keyof typeof SETTING_DEFAULTS;

const CACHE_MS = 30_000;
// One per process: the server (server/app.ts) and the app bundle load this module
// separately, and a write through either must be seen by both at once.
const cache = remember("settings-cache", () => {
  const created = new Map<SettingKey, { at: number; gen: number; value: unknown }>();
  // a write on any app server (LISTEN/NOTIFY on site_settings, ADR 024) empties it at once
  onDataChange(() => created.clear(), ["site_settings"]);
  return created;
});

/** A site setting (cached 30 s in this process; a write on any server empties the cache). */
export async function getSetting<K extends SettingKey>(key: K): Promise<(typeof SETTING_DEFAULTS)[K]> {
  const hit = cache.get(key);
  if (hit && hit.gen === databaseGeneration() && Date.now() - hit.at < CACHE_MS) return hit.value as (typeof SETTING_DEFAULTS)[K];
  const value = await readSetting(key);
  cache.set(key, { at: Date.now(), gen: databaseGeneration(), value });
  return value;
}

/** A setting read from the database, bypassing the cache. */
export async function readSetting<K extends SettingKey>(key: K): Promise<(typeof SETTING_DEFAULTS)[K]> {
  const db = await getDb();
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, key)).limit(1);
  const value = row?.value as (typeof SETTING_DEFAULTS)[K] | undefined;
  return value === undefined || value === null || typeof value !== typeof SETTING_DEFAULTS[key] ? SETTING_DEFAULTS[key] : value;
}

export async function setSetting<K extends SettingKey>(key: K, value: (typeof SETTING_DEFAULTS)[K]) {
  const db = await getDb();
  await db
    .insert(siteSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: new Date() } });
  cache.delete(key);
}
