import { recordAudit } from "#app/modules/admin/audit.server";
import { LEGAL_FIELDS, type LegalIdentity } from "#app/modules/legal/identity";
import { readSetting, setSetting, SETTING_DEFAULTS, type SettingKey } from "./settings.server";

export type SettingValues = { [K in SettingKey]: (typeof SETTING_DEFAULTS)[K] };

/** Write some site settings and record one audit entry with their values before and after. */
export async function updateSettings(actor: { id: string; email: string }, values: Partial<SettingValues>) {
  const keys = Object.keys(values) as SettingKey[];
  const before: Partial<Record<SettingKey, unknown>> = {};
  for (const key of keys) before[key] = await readSetting(key);
  for (const key of keys) await setSetting(key, values[key] as SettingValues[typeof key]);
  await recordAudit(actor, { action: "update", entity: "settings", before, after: values });
}

/** Write the legal identity block of /admin/settings (one audit entry). */
export async function updateLegalIdentity(actor: { id: string; email: string }, identity: LegalIdentity) {
  await updateSettings(actor, Object.fromEntries(LEGAL_FIELDS.map((f) => [f.key, identity[f.name]])) as Partial<SettingValues>);
}
