import { Form, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/settings";
import { adminSeo } from "#app/lib/admin-seo";
import { errorsFor, Field, PageHeader, selectClass, useActionToast } from "#app/components/admin/admin-ui";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Button } from "#app/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card";
import { Input } from "#app/components/ui/input";
import { requirePermission } from "#app/lib/auth.server";
import { readBoundedForm } from "#app/lib/body.server";
import { getEnv } from "#app/lib/env.server";
import { invalid, ok, type AdminActionData } from "#app/modules/admin/admin.server";
import { checkbox } from "#app/modules/admin/form-helpers";
import { fromParisLocalInput, toParisLocalInput } from "#app/modules/settings/paris-time";
import { getSetting } from "#app/modules/settings/settings.server";
import { updateLegalIdentity, updateSettings } from "#app/modules/settings/settings-admin.server";
import { HOSTING_REGIONS, LEGAL_FIELDS, type LegalIdentity } from "#app/modules/legal/identity";
import { getLegalIdentity } from "#app/modules/legal/identity.server";
import { legalIdentitySchema } from "#app/modules/legal/identity.schema";
import { invalidateAllowedHosts } from "#app/modules/tracking/tracking.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { parseEuroAmount } from "#app/modules/payouts/payouts.schema";

const HOST = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** An optional amount in euros between 0 and 100, as cents; `message` when it is not one. */
const bonusAmount = (message: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return undefined;
      const cents = parseEuroAmount(v);
      if (cents === null || cents > 100_00) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return cents;
    });

const referralBonus = bonusAmount("Le bonus de parrainage doit être un montant en euros entre 0 et 100 (par exemple 2,50).");
const welcomeBonus = bonusAmount("Le bonus de bienvenue doit être un montant en euros entre 0 et 100 (par exemple 3,00).");

const payoutMinimum = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v.trim() === "") return undefined;
    const cents = parseEuroAmount(v);
    if (cents === null || cents < 1_00 || cents > 1_000_00) {
      ctx.addIssue({ code: "custom", message: "Le retrait minimum doit être un montant en euros entre 1 et 1 000 (par exemple 10)." });
      return z.NEVER;
    }
    return cents;
  });

const reviewCeiling = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v.trim() === "") return undefined;
    const cents = parseEuroAmount(v);
    if (cents === null || cents < 1_00 || cents > 100_000_00) {
      ctx.addIssue({ code: "custom", message: "Le plafond par conversion doit être un montant en euros entre 1 et 100 000 (par exemple 200)." });
      return z.NEVER;
    }
    return cents;
  });

/** A small whole number setting (absent or empty: left as it is). */
const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return undefined;
      const n = Number(v.trim());
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return n;
    });

export const settingsSchema = z.object({
  contentProtection: checkbox,
  cashbackLaunched: checkbox,
  temuEndsAt: z
    .string({ message: "La date de fin est obligatoire." })
    .min(1, "La date de fin est obligatoire.")
    // typed in Paris time, stored as an ISO instant
    .transform((v, ctx) => fromParisLocalInput(v) ?? (ctx.addIssue({ code: "custom", message: "La date de fin n'est pas valide." }), z.NEVER)),
  // the /temu texts and structured data derive from these two (issue #11); absent: left as they are
  temuStartsAt: z
    .string()
    .optional()
    .transform((v, ctx) =>
      !v ? undefined : (fromParisLocalInput(v) ?? (ctx.addIssue({ code: "custom", message: "La date de début n'est pas valide." }), z.NEVER)),
    ),
  temuCashbackBonus: z.coerce
    .number({ message: "Le bonus de cashback doit être un nombre." })
    .min(0, "Le bonus de cashback doit être compris entre 0 et 100.")
    .max(100, "Le bonus de cashback doit être compris entre 0 et 100.")
    .optional(),
  redirectHosts: z
    .string()
    .max(2000)
    .optional()
    .transform((v) => (v ?? "").split(/[\s,]+/).map((h) => h.trim().toLowerCase()).filter(Boolean))
    .refine((hosts) => hosts.every((h) => HOST.test(h)), "Chaque hôte doit être un nom de domaine (ex. www.exemple.fr), séparé par des virgules."),
  gaMeasurementId: z
    .string()
    .max(40, "L'identifiant Google Analytics doit ressembler à G-XXXXXXXXXX.")
    .optional()
    .transform((v) => (v ?? "").trim().toUpperCase())
    .refine((v) => v === "" || /^G-[A-Z0-9]{4,20}$/.test(v), "L'identifiant Google Analytics doit ressembler à G-XXXXXXXXXX."),
  // referral rewards in euros (absent: left as they are)
  referralRefereeBonus: referralBonus,
  referralReferrerBonus: referralBonus,
  // credited at a member's first validated purchase (issue #34 item 6); absent: left as it is
  welcomeBonus,
  payoutMinimum,
  // commissions above it are held for finance's review (ADR 039)
  reviewCeiling,
  // members' deal posts (issue #15)
  dealTrustedAfter: wholeNumber(0, 100, "Le nombre de deals validés doit être un nombre entier entre 0 et 100."),
  dealStrikeLimit: wholeNumber(1, 20, "Le nombre d'avertissements doit être un nombre entier entre 1 et 20."),
  dealExpiryFlags: wholeNumber(1, 20, "Le nombre de signalements doit être un nombre entier entre 1 et 20."),
}).superRefine((v, ctx) => {
  if (v.temuStartsAt && v.temuEndsAt && Date.parse(v.temuStartsAt) >= Date.parse(v.temuEndsAt)) {
    ctx.addIssue({ code: "custom", path: ["temuStartsAt"], message: "La date de début doit précéder la date de fin." });
  }
});

export const meta: Route.MetaFunction = ({ matches }) => adminSeo("Paramètres", matches);

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "settings");
  const [contentProtection, cashbackLaunched, temuStartsAt, temuEndsAt, temuCashbackBonus, redirectHosts, gaMeasurementId, legal] = await Promise.all([
    getSetting("content_protection"),
    getSetting("cashback_launched"),
    getSetting("temu_offer_starts_at"),
    getSetting("temu_offer_ends_at"),
    getSetting("temu_cashback_bonus_percent"),
    getSetting("redirect_allowed_hosts"),
    getSetting("ga_measurement_id"),
    getLegalIdentity(),
  ]);
  return {
    contentProtection,
    cashbackLaunched,
    temuStartsAt,
    temuEndsAt,
    temuCashbackBonus,
    redirectHosts,
    gaMeasurementId,
    gaFromEnv: getEnv().GA_MEASUREMENT_ID ?? null,
    referral: { refereeCents: await getSetting("referral_referee_bonus_cents"), referrerCents: await getSetting("referral_referrer_bonus_cents") },
    payoutMinimumCents: await getSetting("payout_minimum_cents"),
    welcomeBonusCents: await getSetting("welcome_bonus_cents"),
    reviewCeilingCents: await getSetting("conversion_review_ceiling_cents"),
    dealTrustedAfter: await getSetting("deal_trusted_after_approved"),
    dealStrikeLimit: await getSetting("deal_self_promotion_strikes"),
    dealExpiryFlags: await getSetting("deal_expiry_flag_threshold"),
    legal,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requirePermission(request, "settings");
  const form = await readBoundedForm(request, 8 * 1024);
  if (form.get("intent") === "legal") {
    const legal = parseWithZod(form, { schema: legalIdentitySchema });
    if (legal.status !== "success") return invalid("legal", legal.reply(), { title: "Erreur", description: "Certaines informations légales ne sont pas valides." });
    await updateLegalIdentity(admin, legal.value);
    return ok("legal", "Informations légales enregistrées");
  }
  const submission = parseWithZod(form, { schema: settingsSchema });
  if (submission.status !== "success") return invalid("save", submission.reply(), { title: "Erreur", description: "Certains paramètres ne sont pas valides." });
  const v = submission.value;
  await updateSettings(admin, {
    content_protection: v.contentProtection,
    cashback_launched: v.cashbackLaunched,
    temu_offer_ends_at: v.temuEndsAt,
    ...(v.temuStartsAt === undefined ? {} : { temu_offer_starts_at: v.temuStartsAt }),
    ...(v.temuCashbackBonus === undefined ? {} : { temu_cashback_bonus_percent: v.temuCashbackBonus }),
    redirect_allowed_hosts: v.redirectHosts.join(","),
    ga_measurement_id: v.gaMeasurementId,
    ...(v.referralRefereeBonus === undefined ? {} : { referral_referee_bonus_cents: v.referralRefereeBonus }),
    ...(v.referralReferrerBonus === undefined ? {} : { referral_referrer_bonus_cents: v.referralReferrerBonus }),
    ...(v.payoutMinimum === undefined ? {} : { payout_minimum_cents: v.payoutMinimum }),
    ...(v.welcomeBonus === undefined ? {} : { welcome_bonus_cents: v.welcomeBonus }),
    ...(v.reviewCeiling === undefined ? {} : { conversion_review_ceiling_cents: v.reviewCeiling }),
    ...(v.dealTrustedAfter === undefined ? {} : { deal_trusted_after_approved: v.dealTrustedAfter }),
    ...(v.dealStrikeLimit === undefined ? {} : { deal_self_promotion_strikes: v.dealStrikeLimit }),
    ...(v.dealExpiryFlags === undefined ? {} : { deal_expiry_flag_threshold: v.dealExpiryFlags }),
  });
  invalidateAllowedHosts();
  return ok("save", "Paramètres enregistrés");
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const ad = actionData as AdminActionData | undefined;
  useActionToast(ad);
  const errors = errorsFor(ad);
  const navigation = useNavigation();
  return (
    <div>
      <PageHeader title="Paramètres" />
      <Card>
        <CardContent className="pt-5!">
          <Form method="post" className="grid max-w-xl gap-5">
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="contentProtection" defaultChecked={loaderData.contentProtection} className="size-4 accent-brand-600" /> Protection du
              contenu (clic droit, sélection hors formulaires, raccourcis des outils de développement)
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="cashbackLaunched" defaultChecked={loaderData.cashbackLaunched} className="size-4 accent-brand-600" /> Cashback lancé
              (sinon le site affiche « Bientôt »)
            </label>
            <Field label="Début de l'offre Fête des Mères (/temu)" htmlFor="temuStartsAt" error={errors.temuStartsAt} hint="Heure de Paris. La page affiche « Valable du … au … » d'après ces deux dates.">
              <Input id="temuStartsAt" name="temuStartsAt" type="datetime-local" defaultValue={toParisLocalInput(loaderData.temuStartsAt)} required />
            </Field>
            <Field label="Fin de l'offre Fête des Mères (/temu)" htmlFor="temuEndsAt" error={errors.temuEndsAt} hint="Heure de Paris. Le compte à rebours disparaît à cette date et la page annonce que l'offre est terminée.">
              <Input id="temuEndsAt" name="temuEndsAt" type="datetime-local" defaultValue={toParisLocalInput(loaderData.temuEndsAt)} required />
            </Field>
            <Field
              label="Bonus de cashback de l'offre /temu (%)"
              htmlFor="temuCashbackBonus"
              error={errors.temuCashbackBonus}
              hint="Annoncé sur /temu seulement quand le cashback est lancé ; 0 : pas de bonus."
            >
              <Input id="temuCashbackBonus" name="temuCashbackBonus" type="number" min={0} max={100} step="0.5" defaultValue={loaderData.temuCashbackBonus} />
            </Field>
            <Field label="Hôtes de redirection supplémentaires (/kpi)" htmlFor="redirectHosts" error={errors.redirectHosts} hint="Séparés par des virgules ; les sites des marques, deals, codes et offres sont déjà autorisés.">
              <Input id="redirectHosts" name="redirectHosts" defaultValue={loaderData.redirectHosts} />
            </Field>
            <Field
              label="Identifiant Google Analytics (GA4)"
              htmlFor="gaMeasurementId"
              error={errors.gaMeasurementId}
              hint={
                loaderData.gaFromEnv
                  ? `La variable d'environnement GA_MEASUREMENT_ID (${loaderData.gaFromEnv}) est prioritaire sur ce champ.`
                  : "Vide : pas de Google Analytics. Le script ne se charge qu'après le consentement du visiteur."
              }
            >
              <Input id="gaMeasurementId" name="gaMeasurementId" defaultValue={loaderData.gaMeasurementId} placeholder="G-XXXXXXXXXX" maxLength={40} />
            </Field>
            <Field label="Bonus de bienvenue de la personne invitée (€)" htmlFor="referralRefereeBonus" error={errors.referralRefereeBonus} hint="Versé au premier cashback validé de la personne invitée ; 0 : pas de bonus.">
              <Input id="referralRefereeBonus" name="referralRefereeBonus" inputMode="decimal" defaultValue={centsToInput(loaderData.referral.refereeCents)} maxLength={10} />
            </Field>
            <Field label="Bonus du parrainage (€)" htmlFor="referralReferrerBonus" error={errors.referralReferrerBonus} hint="Versé au membre qui a invité, au même moment ; 0 : pas de bonus.">
              <Input id="referralReferrerBonus" name="referralReferrerBonus" inputMode="decimal" defaultValue={centsToInput(loaderData.referral.referrerCents)} maxLength={10} />
            </Field>
            <Field
              label="Bonus de bienvenue (€)"
              htmlFor="welcomeBonus"
              error={errors.welcomeBonus}
              hint="Versé une seule fois à chaque membre, quand son premier achat est validé (budget marketing) ; annoncé sur la page d'inscription une fois le cashback lancé. 0 : pas de bonus."
            >
              <Input id="welcomeBonus" name="welcomeBonus" inputMode="decimal" defaultValue={centsToInput(loaderData.welcomeBonusCents)} maxLength={10} />
            </Field>
            <Field label="Retrait minimum (€)" htmlFor="payoutMinimum" error={errors.payoutMinimum} hint="Les membres peuvent demander un virement dès que leur cashback disponible atteint ce montant.">
              <Input id="payoutMinimum" name="payoutMinimum" inputMode="decimal" defaultValue={centsToInput(loaderData.payoutMinimumCents)} maxLength={10} />
            </Field>
            <Field
              label="Plafond de commission par conversion (€)"
              htmlFor="reviewCeiling"
              error={errors.reviewCeiling}
              hint="Une commission en euros au-dessus de ce montant est importée « En vérification » et ne crédite rien avant l'approbation de la finance."
            >
              <Input id="reviewCeiling" name="reviewCeiling" inputMode="decimal" defaultValue={centsToInput(loaderData.reviewCeilingCents)} maxLength={12} />
            </Field>
            <Field label="Deals validés avant publication directe" htmlFor="dealTrustedAfter" error={errors.dealTrustedAfter} hint="Les deals d'un membre passent par la modération tant que ce nombre de ses deals n'a pas été validé ; 0 : publication directe.">
              <Input id="dealTrustedAfter" name="dealTrustedAfter" type="number" min={0} max={100} step={1} defaultValue={loaderData.dealTrustedAfter} />
            </Field>
            <Field label="Avertissements pour autopromotion avant blocage" htmlFor="dealStrikeLimit" error={errors.dealStrikeLimit} hint="Au-delà, le membre ne peut plus proposer de deals.">
              <Input id="dealStrikeLimit" name="dealStrikeLimit" type="number" min={1} max={20} step={1} defaultValue={loaderData.dealStrikeLimit} />
            </Field>
            <Field
              label="Signalements « Expiré » pour expirer un deal"
              htmlFor="dealExpiryFlags"
              error={errors.dealExpiryFlags}
              hint="Un membre de confiance compte pour 2, les autres pour 1 ; l'auteur du deal suffit seul."
            >
              <Input id="dealExpiryFlags" name="dealExpiryFlags" type="number" min={1} max={20} step={1} defaultValue={loaderData.dealExpiryFlags} />
            </Field>
            <Button type="submit" className="justify-self-start" disabled={navigation.state !== "idle"}>
              Enregistrer
            </Button>
          </Form>
        </CardContent>
      </Card>
      <LegalIdentityCard legal={loaderData.legal} errors={errorsFor(ad, "legal")} busy={navigation.state !== "idle"} />
    </div>
  );
}

/** Cents as the euro amount typed in a field ("2,50"). */
const centsToInput = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");

/** The values of the mentions légales and of the privacy policy that the code cannot know. */
function LegalIdentityCard({ legal, errors, busy }: { legal: LegalIdentity; errors: Record<string, string[]>; busy: boolean }) {
  return (
    <Card className="mt-6" id="mentions-legales">
      <CardHeader>
        <CardTitle>Mentions légales et données personnelles</CardTitle>
        <CardDescription>
          Affichées dans les mentions légales et la politique de confidentialité. Un champ obligatoire vide apparaît comme « non renseigné » sur le site et
          dans l'alerte du tableau de bord.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" className="grid max-w-xl gap-5">
          <input type="hidden" name="intent" value="legal" />
          {LEGAL_FIELDS.map((f) => {
            const label = f.required ? `${f.label} *` : f.label;
            return (
              <Field key={f.name} label={label} htmlFor={`legal-${f.name}`} error={errors[f.name]} hint={f.hint}>
                {f.name === "hostingRegion" ? (
                  <select id={`legal-${f.name}`} name={f.name} defaultValue={legal.hostingRegion} className={selectClass}>
                    <option value="">Non renseigné</option>
                    {Object.entries(HOSTING_REGIONS).map(([value, phrase]) => (
                      <option key={value} value={value}>
                        Données hébergées {phrase}
                      </option>
                    ))}
                  </select>
                ) : (
                  <Input
                    id={`legal-${f.name}`}
                    name={f.name}
                    defaultValue={legal[f.name]}
                    maxLength={f.max}
                    type={f.name === "email" || f.name === "privacyContact" ? "email" : f.name === "phone" || f.name === "hostPhone" ? "tel" : "text"}
                  />
                )}
              </Field>
            );
          })}
          <Button type="submit" className="justify-self-start" disabled={busy}>
            Valider les mentions légales
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
