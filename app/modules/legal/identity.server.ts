import { getSetting } from "#app/modules/settings/settings.server";
import { LEGAL_FIELDS, type LegalIdentity } from "./identity";

/** The legal identity from the site settings (empty strings for what is not set). */
export async function getLegalIdentity(): Promise<LegalIdentity> {
  const values = await Promise.all(LEGAL_FIELDS.map((f) => getSetting(f.key)));
  return Object.fromEntries(LEGAL_FIELDS.map((f, i) => [f.name, values[i].trim()])) as unknown as LegalIdentity;
}
