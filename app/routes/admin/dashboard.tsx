import { Clock, FileText, Receipt, Scale, Store, Users } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/dashboard";
import { adminSeo } from "#app/lib/admin-seo";
import { PageHeader, useActionToast } from "#app/components/admin/admin-ui";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Button } from "#app/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card";
import { requirePermission } from "#app/lib/auth.server";
import { can, type Permission } from "#app/lib/permissions";
import { readBoundedForm } from "#app/lib/body.server";
import { failure, ok, type AdminActionData } from "#app/modules/admin/admin.server";
import { cashbackDashboard, dashboardStats, expiringCodes, type CashbackDashboard } from "#app/modules/admin/dashboard.server";
import { requestNow } from "#app/lib/clock.server";
import { EXPIRING_SOON_DAYS } from "#app/modules/admin/list-query";
import { formatParis } from "#app/modules/settings/paris-time";
import { formatNetworkAmount } from "#app/modules/conversions/format";
import { formatEuros } from "#app/modules/ledger/ledger";
import { MONEY_LABELS } from "#app/modules/treasury/treasury.schema";
import { recentHistory } from "#app/modules/admin/history.server";
import { searchStats, type SearchStat } from "#app/modules/search/search.server";
import { initialiseHomeContent } from "#app/modules/content/content-admin.server";
import { getSetting } from "#app/modules/settings/settings.server";
import { missingLegalFields } from "#app/modules/legal/identity";
import { getLegalIdentity } from "#app/modules/legal/identity.server";
import { updateSettings } from "#app/modules/settings/settings-admin.server";
import { logger } from "#app/lib/logger.server";
import { data } from "react-router";
import { countOf } from "#app/lib/plural";

export const meta: Route.MetaFunction = ({ matches }) => adminSeo("Dashboard", matches);

/**
 * Every member of the team sees the dashboard ("backoffice"); the cashback
 * figures are loaded only for "money", the content protection switch and the
 * legal warning only for "settings", the content initialisation for "catalogue".
 */
export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requirePermission(request, "backoffice");
  const may = { catalogue: can(staff.role, "catalogue"), money: can(staff.role, "money"), settings: can(staff.role, "settings") };
  const [stats, cashback, contentProtection, audit, legal, searches, expiring] = await Promise.all([
    dashboardStats(),
    may.money ? cashbackDashboard() : null,
    may.settings ? getSetting("content_protection") : null,
    recentHistory(staff.role, 15),
    may.settings ? getLegalIdentity() : null,
    searchStats(SEARCH_STATS_DAYS),
    may.catalogue ? expiringCodes(requestNow(request)) : null,
  ]);
  return {
    may,
    stats,
    cashback,
    searches,
    expiring,
    legalMissing: legal ? missingLegalFields(legal) : [],
    contentProtection,
    audit: audit.map((a) => ({ id: a.id, at: a.at, sentence: a.sentence, action: a.action, entity: a.entity, entityId: a.entityId })),
  };
}

/** The permission each dashboard form needs (checked here, whatever the page showed). */
const INTENT_PERMISSION = new Map<string, Permission>([
  ["init-content", "catalogue"],
  ["protection", "settings"],
]);

export async function action({ request }: Route.ActionArgs) {
  await requirePermission(request, "backoffice");
  const form = await readBoundedForm(request, 2048);
  const intent = String(form.get("intent") ?? "");
  const permission = INTENT_PERMISSION.get(intent);
  if (!permission) return failure("unknown", "Action inconnue.");
  const admin = await requirePermission(request, permission);
  if (intent === "init-content") {
    try {
      const n = await initialiseHomeContent(admin);
      if (n === 0) return data<AdminActionData>({ ok: true, intent: "init-content", toast: { title: "Information", description: "Tout le contenu est déjà initialisé.", type: "info" } });
      return ok("init-content", "Succès", `${n} blocs de contenu ont été initialisés avec succès.`);
    } catch (error) {
      logger.error({ err: error }, "admin: content initialisation failed");
      return failure("init-content", "Impossible d'initialiser le contenu.", 503);
    }
  }
  if (intent === "protection") {
    const enabled = form.get("enabled") === "true";
    await updateSettings(admin, { content_protection: enabled });
    return ok("protection", enabled ? "Protection du contenu activée" : "Protection du contenu désactivée");
  }
  return failure("unknown", "Action inconnue.");
}

function Chart({ days, series }: { days: string[]; series: Array<{ label: string; color: string; values: number[] }> }) {
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const w = 600;
  const h = 160;
  const step = w / days.length;
  const barW = Math.max(2, step / (series.length + 1));
  return (
    <figure>
      <svg viewBox={`0 0 ${w} ${h + 20}`} className="w-full" role="img" aria-label="Activité des 30 derniers jours">
        {days.map((d, i) =>
          series.map((s, j) => {
            const v = s.values[i];
            const bh = (v / max) * h;
            return (
              <rect key={`${d}-${s.label}`} x={i * step + j * barW} y={h - bh} width={barW - 1} height={bh} fill={s.color}>
                <title>{`${d} · ${s.label} : ${v}`}</title>
              </rect>
            );
          }),
        )}
        <line x1="0" y1={h} x2={w} y2={h} stroke="#d4d4d4" />
        <text x="0" y={h + 16} fontSize="11" fill="#737373">
          {days[0]}
        </text>
        <text x={w} y={h + 16} fontSize="11" fill="#737373" textAnchor="end">
          {days[days.length - 1]}
        </text>
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-4 text-sm">
        {series.map((s) => (
          <span key={s.label} className="flex items-center gap-2">
            <span className="inline-block size-3 rounded" style={{ background: s.color }} aria-hidden="true" />
            {s.label} ({s.values.reduce((a, b) => a + b, 0)})
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData as AdminActionData | undefined);
  const { may, stats, cashback, contentProtection, audit, legalMissing, searches, expiring } = loaderData;
  const navigation = useNavigation();
  return (
    <div>
      <PageHeader title="Dashboard" />
      {legalMissing.length > 0 ? <LegalWarning missing={legalMissing} /> : null}
      <div className="grid gap-4 md:grid-cols-3">
        <Card>
          <CardHeader>
            <CardDescription className="flex items-center gap-2">
              <FileText className="size-4" aria-hidden="true" /> Pages de contenu
            </CardDescription>
            <CardTitle className="text-3xl!" data-testid="stat-pages">
              {stats.pages}
            </CardTitle>
          </CardHeader>
        </Card>
        <Card>
          <CardHeader>
            <CardDescription className="flex items-center gap-2">
              <Users className="size-4" aria-hidden="true" /> Utilisateurs inscrits
            </CardDescription>
            <CardTitle className="text-3xl!" data-testid="stat-users">
              {stats.users}
            </CardTitle>
            <p className="text-sm text-neutral-600">{stats.usersChange} vs mois dernier</p>
          </CardHeader>
        </Card>
        <Card>
          <CardHeader>
            <CardDescription className="flex items-center gap-2">
              <Store className="size-4" aria-hidden="true" /> Marques partenaires
            </CardDescription>
            <CardTitle className="text-3xl!" data-testid="stat-brands">
              {stats.brands}
            </CardTitle>
            <p className="text-sm text-neutral-600">
              +{countOf(stats.brandsThisMonth, { one: "nouvelle marque", other: "nouvelles marques" })} ce mois-ci
            </p>
          </CardHeader>
        </Card>
      </div>

      {expiring ? <ExpiringCodes expiring={expiring} /> : null}
      {cashback ? <CashbackSection cashback={cashback} /> : null}
      <SearchSection searches={searches} />

      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Les 30 derniers jours</CardTitle>
        </CardHeader>
        <CardContent>
          <Chart
            days={stats.chart.days}
            series={[
              { label: "Inscriptions", color: "#be185d", values: stats.chart.signups },
              { label: "Abonnés newsletter", color: "#2563eb", values: stats.chart.newsletter },
              { label: "Clics sortants", color: "#f59e0b", values: stats.chart.clicks },
            ]}
          />
        </CardContent>
      </Card>

      {may.catalogue || may.settings ? (
        <div className="mt-6 grid gap-4 md:grid-cols-2">
          {may.catalogue ? (
            <Card>
              <CardHeader>
                <CardTitle>Initialisation du contenu</CardTitle>
                <CardDescription>Crée les blocs de contenu manquants de la page d'accueil, sans modifier ceux qui existent.</CardDescription>
              </CardHeader>
              <CardContent>
                <Form method="post">
                  <input type="hidden" name="intent" value="init-content" />
                  <Button type="submit" disabled={navigation.state !== "idle"}>
                    Initialiser le contenu
                  </Button>
                </Form>
              </CardContent>
            </Card>
          ) : null}
          {may.settings ? (
            <Card>
              <CardHeader>
                <CardTitle>Protection du contenu</CardTitle>
                <CardDescription>
                  Désactive le clic droit, la sélection hors formulaires et les raccourcis des outils de développement sur le site
                  public. Actuellement : {contentProtection ? "activée" : "désactivée"}.
                </CardDescription>
              </CardHeader>
              <CardContent>
                <Form method="post">
                  <input type="hidden" name="intent" value="protection" />
                  <input type="hidden" name="enabled" value={contentProtection ? "false" : "true"} />
                  <Button type="submit" variant="outline">
                    {contentProtection ? "Désactiver la protection" : "Activer la protection"}
                  </Button>
                </Form>
              </CardContent>
            </Card>
          ) : null}
        </div>
      ) : null}

      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Journal des modifications</CardTitle>
          <CardDescription>
            Les dernières écritures faites dans l'administration (qui, quoi, quand).{" "}
            <Link to="/admin/historique" className="font-medium text-brand-700 underline">
              Tout l'historique
            </Link>
          </CardDescription>
        </CardHeader>
        <CardContent>
          {audit.length === 0 ? (
            <p className="text-sm text-neutral-600">Aucune modification pour le moment.</p>
          ) : (
            <ul className="grid gap-1 text-sm" aria-label="Journal des modifications">
              {audit.map((a) => (
                <li key={a.id} className="flex flex-wrap gap-x-2">
                  <time dateTime={a.at} className="text-neutral-500">
                    {new Date(a.at).toLocaleString("fr-FR", { timeZone: "Europe/Paris" })}
                  </time>
                  <span className="min-w-0 break-words">{a.sentence}</span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      {may.catalogue ? <ContentGuide /> : null}
    </div>
  );
}

/** The four kinds of content block, for those who edit them. */
function ContentGuide() {
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>Guide d'administration</CardTitle>
        <CardDescription>Les quatre types de contenu des blocs :</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="font-semibold">Texte (text)</dt>
            <dd className="text-neutral-600">Texte brut, affiché tel quel.</dd>
          </div>
          <div>
            <dt className="font-semibold">HTML (html)</dt>
            <dd className="text-neutral-600">Texte enrichi : gras, liens, listes… Le HTML est nettoyé avant affichage.</dd>
          </div>
          <div>
            <dt className="font-semibold">JSON (json)</dt>
            <dd className="text-neutral-600">Données structurées (statistiques, étapes, témoignages). Un JSON invalide fait revenir aux valeurs par défaut.</dd>
          </div>
          <div>
            <dt className="font-semibold">Image (image)</dt>
            <dd className="text-neutral-600">L'adresse d'une image téléchargée sur le site (/uploads/…).</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

const STATUS_CARDS = [
  { status: "pending", label: "En attente" },
  { status: "approved", label: "Validées" },
  { status: "declined", label: "Refusées" },
] as const;

/** Conversions by status, and what members are owed against what the networks owe us (issue #12 item 9). */
const SEARCH_STATS_DAYS = 30;

/** The most searched queries, and those without a result, over 30 days (issue #14); stored without personal data. */
function SearchSection({ searches }: { searches: { top: SearchStat[]; empty: SearchStat[] } }) {
  const list = (id: string, title: string, rows: SearchStat[]) => (
    <div>
      <h3 id={id} className="text-sm font-semibold">
        {title}
      </h3>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-neutral-600">Aucune recherche sur la période.</p>
      ) : (
        <ol className="mt-2 grid gap-1 text-sm" aria-labelledby={id}>
          {rows.map((r) => (
            <li key={r.query} className="flex justify-between gap-4 rounded-lg bg-neutral-50 px-3 py-1.5">
              <span className="min-w-0 break-words">{r.query}</span>
              <span className="shrink-0 tabular-nums text-neutral-600">{r.searches}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
  return (
    <Card className="mt-6" aria-labelledby="searches-title">
      <CardHeader>
        <CardTitle id="searches-title">Recherches des {SEARCH_STATS_DAYS} derniers jours</CardTitle>
        <CardDescription>Requêtes enregistrées sans donnée personnelle (ni compte, ni adresse IP, ni e-mail, ni numéro).</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-2">
        {list("searches-top", "Les plus recherchées", searches.top)}
        {list("searches-empty", "Sans résultat", searches.empty)}
      </CardContent>
    </Card>
  );
}

function CashbackSection({ cashback }: { cashback: CashbackDashboard }) {
  const margin = Number(cashback.marginEur);
  return (
    <Card className="mt-6" aria-labelledby="cashback-title">
      <CardHeader className="flex flex-row! flex-wrap items-start justify-between gap-3!">
        <div>
          <CardTitle id="cashback-title">Cashback</CardTitle>
          <CardDescription>Commissions en euros telles que les réseaux les déclarent (hors devises en attente de décision).</CardDescription>
        </div>
        <Button asChild variant="outline" size="sm">
          <Link to="/admin/conversions">
            <Receipt aria-hidden="true" /> Voir les conversions
          </Link>
        </Button>
      </CardHeader>
      <CardContent className="grid gap-6">
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {STATUS_CARDS.map(({ status, label }) => (
            <div key={status} className="rounded-xl border border-neutral-200 p-4" data-testid={`cashback-${status}`}>
              <dt className="text-sm text-neutral-600">{label}</dt>
              <dd className="text-2xl font-black">{cashback.byStatus[status].count}</dd>
              <dd className="text-sm">{formatNetworkAmount(cashback.byStatus[status].commissionEur)}</dd>
            </div>
          ))}
          <div className="rounded-xl border border-neutral-200 p-4" data-testid="cashback-unattributed">
            <dt className="text-sm text-neutral-600">Non attribuées</dt>
            <dd className="text-2xl font-black">{cashback.unattributed}</dd>
            {cashback.awaitingFx > 0 ? <dd className="text-sm">{cashback.awaitingFx} en devise étrangère à décider</dd> : null}
          </div>
        </dl>
        <dl className="grid gap-4 sm:grid-cols-3">
          <div data-testid="cashback-owed">
            <dt className="text-sm text-neutral-600">Dû aux membres</dt>
            <dd className="text-xl font-bold">{formatEuros(cashback.owedToMembersCents)}</dd>
            <dd className="text-xs text-neutral-500">
              {MONEY_LABELS.pending} + {MONEY_LABELS.available} + {MONEY_LABELS.inPayout}
            </dd>
          </div>
          <div data-testid="cashback-receivable">
            <dt className="text-sm text-neutral-600">Commissions à recevoir</dt>
            <dd className="text-xl font-bold">{formatNetworkAmount(cashback.receivableEur)}</dd>
            <dd className="text-xs text-neutral-500">Validées par les réseaux, pas encore versées</dd>
          </div>
          <div data-testid="cashback-margin">
            <dt className="text-sm text-neutral-600">Écart</dt>
            <dd className={margin < 0 ? "text-xl font-bold text-red-700" : "text-xl font-bold"}>{formatNetworkAmount(cashback.marginEur)}</dd>
            <dd className="text-xs text-neutral-500">Commissions à recevoir moins dû aux membres</dd>
          </div>
        </dl>
        <dl className="grid gap-x-4 text-xs text-neutral-500 sm:grid-cols-2" data-testid="cashback-ledger">
          <div>
            <dt className="inline">Grand livre, part des membres des commissions pas encore validées : </dt>
            <dd className="inline tabular-nums">{formatEuros(cashback.ledger.commissionsReceivableCents)}</dd>
          </div>
          <div>
            <dt className="inline">Grand livre, cashback validé crédité aux membres, net des annulations : </dt>
            <dd className="inline tabular-nums">{formatEuros(cashback.ledger.memberLiabilitiesCents)}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

/** « Codes qui expirent bientôt »: the codes ending within EXPIRING_SOON_DAYS, soonest first, each linked to its row in the list. */
function ExpiringCodes({ expiring }: { expiring: { total: number; codes: Array<{ id: string; code: string; brandName: string; expiresAt: string }> } }) {
  return (
    <Card className="mt-6" aria-labelledby="expiring-title" data-testid="expiring-codes">
      <CardHeader className="flex flex-row! flex-wrap items-start justify-between gap-3!">
        <div>
          <CardTitle id="expiring-title">Codes qui expirent bientôt ({expiring.total})</CardTitle>
          <CardDescription>Codes promo dont la date d'expiration tombe dans les {EXPIRING_SOON_DAYS} prochains jours, le plus proche en premier.</CardDescription>
        </div>
        {expiring.total > 0 ? (
          <Button asChild variant="outline" size="sm">
            <Link to="/admin/promo-codes?expiry=soon&sort=expires&dir=asc">
              <Clock aria-hidden="true" /> Voir dans la liste
            </Link>
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {expiring.codes.length === 0 ? (
          <p className="text-sm text-neutral-600">Aucun code n'expire dans les {EXPIRING_SOON_DAYS} prochains jours.</p>
        ) : (
          <ul className="grid gap-1 text-sm" aria-labelledby="expiring-title">
            {expiring.codes.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-lg bg-neutral-50 px-3 py-1.5">
                <span className="min-w-0 break-words">
                  <span className="font-mono font-semibold">{c.code}</span> ({c.brandName}) · expire le{" "}
                  <time dateTime={c.expiresAt}>{formatParis(c.expiresAt, "dd/MM/yyyy 'à' HH:mm")}</time>
                </span>
                <Link to={`/admin/promo-codes?q=${encodeURIComponent(c.code)}`} className="shrink-0 font-semibold text-brand-700 underline" aria-label={`Modifier ${c.code}`}>
                  Modifier
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** Shown while a value required by the mentions légales or the privacy policy is empty. */
function LegalWarning({ missing }: { missing: string[] }) {
  return (
    <div role="alert" className="mb-6 flex gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <Scale className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">Mentions légales incomplètes : {missing.join(", ")}.</p>
        <p className="mt-1">
          Ces informations sont obligatoires (LCEN, RGPD) ; le site affiche « non renseigné » à leur place.{" "}
          <Link to="/admin/settings#mentions-legales" className="font-semibold underline">
            Compléter dans les paramètres
          </Link>
        </p>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
