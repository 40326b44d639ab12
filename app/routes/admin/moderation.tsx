import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/moderation";
import { PageHeader, useActionToast } from "#app/components/admin/admin-ui";
import { AdminLoadErrorBoundary } from "#app/components/admin/load-error";
import { Pager } from "#app/components/admin/pager";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card";
import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";
import { NativeSelect } from "#app/components/ui/native-select";
import { Textarea } from "#app/components/ui/textarea";
import { requirePermission } from "#app/lib/auth.server";
import { readBoundedForm } from "#app/lib/body.server";
import { adminSeo } from "#app/lib/admin-seo";
import { type AdminActionData, intentAction, loadOrFail } from "#app/modules/admin/admin.server";
import { requestedPage } from "#app/modules/admin/pagination.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { freshPageCookie } from "#app/lib/shared-pages";
import { getEnv } from "#app/lib/env.server";
import { cn } from "#app/lib/utils";
import { MODERATION_TAB_LABELS, MODERATION_TABS, moderationHref, moderationTab, type ModerationTab } from "#app/modules/notices/moderation-desk";
import { moderationCounts, moderationTabData } from "#app/modules/notices/moderation-desk.server";
import { NOTICE_DECISION_LABELS, NOTICE_DECISIONS, moderationActionSchema } from "#app/modules/notices/notices.schema";
import { decideNotice, type ModerationNoticeRow } from "#app/modules/notices/notices.server";
import { formatParis } from "#app/modules/settings/paris-time";
import { dealModerationSchemas, MODERATION_RULES, moderationStatement } from "#app/modules/deals/posting.schema";
import { dealStatus } from "#app/modules/deals/deal-rules";
import { COMMENT_MESSAGES } from "#app/modules/deals/deal-comments";
import { COMMENT_MODERATION_MESSAGES, COMMENT_MODERATION_RULES, COMMENT_RULE_KEYS } from "#app/modules/deals/comment-moderation";
import { decideComment, dismissReports } from "#app/modules/deals/deal-comments.server";
import { decideDealPost, editPendingDeal } from "#app/modules/deals/posting.server";
import { isDealCode } from "#app/modules/deals/deals.constants";
import { reactivateDeal } from "#app/modules/deals/deal-expiry.server";
import { BLOCK_DURATIONS, BLOCK_MESSAGES } from "#app/modules/members/member-blocks";
import { appealDecisionSchemas } from "#app/modules/deals/appeals.schema";
import { decideAppeal } from "#app/modules/deals/appeals.server";
import { memberBlockSchemas } from "#app/modules/members/member-blocks.schema";
import { blockMember, unblockMember } from "#app/modules/members/member-blocks.server";
import { countOf } from "#app/lib/plural";
import { appealStatus } from "#db/states/moderation-status";

const REPORTS = { one: "signalement", other: "signalements" };

const actionSchema = z.discriminatedUnion("intent", [
  ...moderationActionSchema.options,
  ...dealModerationSchemas,
  ...memberBlockSchemas,
  ...appealDecisionSchemas,
  z.object({ intent: z.literal("reactivate-deal"), dealId: z.uuid({ message: "Ce deal n'existe pas." }) }),
  z.object({ intent: z.literal("approve-comment"), commentId: z.uuid({ message: COMMENT_MESSAGES.commentMissing }) }),
  z.object({
    intent: z.literal("remove-comment"),
    commentId: z.uuid({ message: COMMENT_MESSAGES.commentMissing }),
    rule: z.enum(COMMENT_RULE_KEYS, { message: COMMENT_MODERATION_MESSAGES.ruleRequired }),
    statement: moderationStatement,
  }),
  z.object({
    intent: z.literal("dismiss-reports"),
    targetType: z.enum(["comment", "deal"], { message: COMMENT_MODERATION_MESSAGES.noOpenReport }),
    targetId: z.uuid({ message: COMMENT_MODERATION_MESSAGES.noOpenReport }),
  }),
]);

const DEAL_DECISION_TOASTS = {
  "approve-deal": "Deal publié",
  "reject-deal": "Deal refusé",
  "remove-deal": "Deal retiré",
} as const;

export const meta: Route.MetaFunction = ({ matches }) => adminSeo("Modération", matches);

const TAB_LOAD_ERRORS: Record<ModerationTab, string> = {
  illicites: "Impossible de charger les signalements de contenus illicites.",
  deals: "Impossible de charger les deals proposés.",
  commentaires: "Impossible de charger les commentaires à modérer.",
  signalements: "Impossible de charger les signalements des membres.",
  membres: "Impossible de charger les membres bloqués.",
  contestations: "Impossible de charger les contestations.",
  signaux: "Impossible de charger les deals signalés toujours valables.",
};

/** Every tab's count, then one page of the active tab only (`?onglet=`, `?page=`). */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "moderation");
  const url = new URL(request.url);
  const tab = moderationTab(url);
  const counts = await loadOrFail("Impossible de charger les files de modération.", moderationCounts());
  const data = await loadOrFail(TAB_LOAD_ERRORS[tab], moderationTabData(tab, requestedPage(url), counts[tab]));
  return { tab, counts, ...data };
}

/**
 * Every decision is posted to the tab's own address; once written, the
 * moderator is sent back to that tab and page (303) with the toast, so a
 * reload never posts twice. A refusal stays a 4xx answer on the same page.
 */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requirePermission(request, "moderation");
  const form = await readBoundedForm(request, 16 * 1024);
  const url = new URL(request.url);
  const back = moderationHref(moderationTab(url), requestedPage(url));
  // a decision changes deal pages that comments do not empty from the caches: the moderator's next views of them are
  // their own for one TTL (freshPageCookie, ADR 048), so the removed comment is gone when they look
  const fresh = { "Set-Cookie": freshPageCookie(getEnv().SITE_URL.startsWith("https://")) };
  const toTab = (title: string, description?: string) => redirectWithToast(back, { title, description, type: "success" }, { status: 303, headers: fresh });
  return intentAction(form, actionSchema, "Impossible d'enregistrer cette décision.", async (v) => {
    if (v.intent === "reactivate-deal") {
      await reactivateDeal(actor, v.dealId);
      return toTab("Deal réactivé", "Il n'est plus affiché comme expiré et les signalements sont remis à zéro.");
    }
    if (v.intent === "approve-comment" || v.intent === "remove-comment") {
      const decided = await decideComment(actor, v);
      if (v.intent === "approve-comment") return toTab("Commentaire publié", "Il est maintenant visible par tous.");
      return toTab("Commentaire retiré", decided.notified ? "L'auteur du commentaire reçoit l'exposé des motifs par e-mail." : "Ce commentaire n'a pas d'auteur à prévenir.");
    }
    if (v.intent === "dismiss-reports") {
      const { dismissed } = await dismissReports(actor, v);
      return toTab("Signalements classés", `${countOf(dismissed, { one: "signalement classé", other: "signalements classés" })} sans suite.`);
    }
    if (v.intent === "decide-appeal") {
      const done = await decideAppeal(actor, v);
      return toTab(done.status === appealStatus.is.reversed ? "Deal remis en ligne" : "Décision maintenue", done.notified ? "L'auteur en est informé par e-mail." : "Ce deal n'a plus d'auteur à prévenir.");
    }
    if (v.intent === "block-member") {
      const done = await blockMember(actor, v);
      return toTab(BLOCK_MESSAGES.blocked, `${done.username ?? "Le membre"} ne peut plus se connecter ; l'exposé des motifs lui est envoyé par e-mail.`);
    }
    if (v.intent === "unblock-member") {
      await unblockMember(actor, v.userId);
      return toTab(BLOCK_MESSAGES.unblocked, "Il peut de nouveau se connecter, publier et voter.");
    }
    if (v.intent === "edit-deal") {
      await editPendingDeal(actor, v);
      return toTab("Deal corrigé", "Les corrections sont enregistrées ; le deal attend toujours votre décision.");
    }
    if (v.intent !== "decide") {
      const decided = await decideDealPost(actor, v);
      return toTab(DEAL_DECISION_TOASTS[v.intent], decided.notified ? "L'auteur du deal en est informé par e-mail." : "Ce deal n'a pas d'auteur à prévenir.");
    }
    const notice = await decideNotice(actor, v);
    return toTab("Décision enregistrée", notice.notifierEmail ? "L'auteur du signalement la reçoit par e-mail avec ses motifs." : "Le signalement était anonyme : personne à prévenir.");
  });
}

/** One item of a queue: what it is, where it points, what was said, who and when. */
function QueueItem(props: { testId: string; heading: string; badge: string; url: string; body: string; meta: React.ReactNode; children?: React.ReactNode }) {
  return (
    <li className="grid gap-2 rounded-xl border border-neutral-200 p-4 text-sm" data-testid={props.testId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="break-words font-bold">{props.heading}</span>
        <Badge variant="default">{props.badge}</Badge>
      </div>
      <a href={props.url} className="break-all text-brand-700 underline" rel="noreferrer noopener nofollow" target="_blank">
        {props.url}
      </a>
      <p className="whitespace-pre-line break-words text-neutral-800">{props.body}</p>
      <p className="text-neutral-600">{props.meta}</p>
      {props.children}
    </li>
  );
}

function NoticeCard({ n, children }: { n: ModerationNoticeRow; children?: React.ReactNode }) {
  const due = `à décider avant le ${formatParis(n.deadline, "dd/MM/yyyy 'à' HH'h'mm")}`;
  return (
    <QueueItem
      testId="notice"
      heading={n.reference}
      badge={n.categoryLabel}
      url={n.targetUrl}
      body={n.explanation}
      meta={
        <>
          Reçu le {formatParis(n.receivedAt, "dd/MM/yyyy 'à' HH'h'mm")} · {n.notifier ?? "Signalement anonyme"}
          {n.decision ? null : (
            <>
              {" · "}
              <span data-testid="notice-deadline" className={cn("whitespace-nowrap", n.overdue && "font-semibold text-red-700")}>
                {due}
              </span>{" "}
              {n.overdue ? <Badge variant="hot">En retard</Badge> : null}
            </>
          )}
        </>
      }
    >
      {children}
    </QueueItem>
  );
}

type QueueDeal = Route.ComponentProps["loaderData"]["pendingDeals"][number];

function DealCard({ d, children }: { d: QueueDeal; children?: React.ReactNode }) {
  const meta = [d.brandName ?? d.source, d.categoryName, d.originalPrice ? `prix d'origine ${d.originalPrice}` : null, `proposé le ${formatParis(d.createdAt, "dd/MM/yyyy 'à' HH'h'mm")} par ${d.authorEmail ?? "un compte supprimé"}`];
  return (
    <QueueItem testId="pending-deal" heading={d.title} badge={d.price} url={d.url} body={d.description} meta={meta.filter(Boolean).join(" · ")}>
      {children}
    </QueueItem>
  );
}

/** The rule broken, from `rules`, and the statement of reasons (DSA art. 17), for a refusal, a removal or a block. */
function RuleAndStatement({ idPrefix, rules = MODERATION_RULES, className }: { idPrefix: string; rules?: Record<string, string>; className?: string }) {
  return (
    <>
      <div className={className}>
        <Label htmlFor={`${idPrefix}-rule`}>Règle enfreinte</Label>
        <NativeSelect id={`${idPrefix}-rule`} name="rule" placeholder="Choisir une règle" options={rules} />
      </div>
      <div className={className}>
        <Label htmlFor={`${idPrefix}-statement`}>Exposé des motifs</Label>
        <Textarea id={`${idPrefix}-statement`} name="statement" rows={3} minLength={20} maxLength={4000} required className="mt-1" />
      </div>
    </>
  );
}

/**
 * A refusal or removal with its statement of reasons (DSA art. 17), sent to
 * the author. `fields` are the hidden inputs naming the target (dealId,
 * commentId...).
 */
function StatementForm({ intent, fields, rules, label, busy }: { intent: string; fields: Record<string, string>; rules: Record<string, string>; label: string; busy: boolean }) {
  return (
    <Form method="post" className="grid gap-3 border-t border-neutral-200 pt-3">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <RuleAndStatement idPrefix={`${intent}-${Object.values(fields).join("-")}`} rules={rules} />
      <Button type="submit" variant="outline" className="justify-self-start" disabled={busy}>
        {label}
      </Button>
    </Form>
  );
}

const DealStatementForm = ({ dealId, intent, label, busy }: { dealId: string; intent: "reject-deal" | "remove-deal"; label: string; busy: boolean }) => (
  <StatementForm intent={intent} fields={{ dealId }} rules={MODERATION_RULES} label={label} busy={busy} />
);

const CommentStatementForm = ({ commentId, busy }: { commentId: string; busy: boolean }) => (
  <StatementForm intent="remove-comment" fields={{ commentId }} rules={COMMENT_MODERATION_RULES} label="Retirer le commentaire" busy={busy} />
);

/** « Classer sans suite »: the reports on a target are dismissed. */
function DismissReportsForm({ targetType, targetId, busy }: { targetType: "comment" | "deal"; targetId: string; busy: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="dismiss-reports" />
      <input type="hidden" name="targetType" value={targetType} />
      <input type="hidden" name="targetId" value={targetId} />
      <Button type="submit" variant="outline" disabled={busy}>
        Classer sans suite
      </Button>
    </Form>
  );
}

type QueueComment = Route.ComponentProps["loaderData"]["pendingComments"][number];

function CommentQueueItem({ c, badge, extra, children }: { c: QueueComment; badge: string; extra?: string; children?: React.ReactNode }) {
  return (
    <QueueItem
      testId={badge === "En attente" ? "pending-comment" : "reported-comment"}
      heading={`Sur « ${c.dealTitle} »`}
      badge={badge}
      url={`/coup-de-crevarde/${c.dealId}?commentaire=${c.id}#commentaire-${c.id}`}
      body={c.body}
      meta={[`posté le ${formatParis(c.createdAt, "dd/MM/yyyy 'à' HH'h'mm")} par ${c.authorEmail ?? "un compte supprimé"}`, extra].filter(Boolean).join(" · ")}
    >
      {children}
    </QueueItem>
  );
}

/**
 * A moderation queue: its title (with the count unless `counted` is false),
 * what it is for, an optional form above the list, then its items or the
 * empty sentence.
 */
function QueueCard<T>({
  title,
  description,
  items,
  empty,
  counted = true,
  total,
  listClassName = "grid gap-3",
  before,
  children,
}: {
  title: string;
  description?: string;
  items: T[];
  empty: string;
  counted?: boolean;
  /** the queue's whole count when `items` is one page of it */
  total?: number;
  listClassName?: string;
  before?: React.ReactNode;
  children: (item: T) => React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{counted ? `${title} (${total ?? items.length})` : title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className={before ? "grid gap-4" : undefined}>
        {before}
        {items.length ? <ul className={listClassName}>{items.map(children)}</ul> : <p className="text-sm text-neutral-500">{empty}</p>}
      </CardContent>
    </Card>
  );
}

/** A decision between labelled choices with its statement of reasons (notices, appeals). */
function DecisionForm({
  intent,
  fields,
  choices,
  statementId,
  submit,
  busy,
}: {
  intent: string;
  fields: Record<string, string>;
  choices: Array<{ value: string; label: string }>;
  statementId: string;
  submit: string;
  busy: boolean;
}) {
  return (
    <Form method="post" className="grid gap-3 border-t border-neutral-200 pt-3">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <fieldset className="grid gap-1">
        <legend className="mb-1 font-medium">Décision</legend>
        {choices.map((c) => (
          <label key={c.value} className="flex items-center gap-2">
            <input type="radio" name="decision" value={c.value} required />
            {c.label}
          </label>
        ))}
      </fieldset>
      <div>
        <Label htmlFor={statementId}>Exposé des motifs</Label>
        <Textarea id={statementId} name="statement" rows={3} minLength={20} maxLength={4000} required className="mt-1" />
      </div>
      <Button type="submit" className="justify-self-start" disabled={busy}>
        {submit}
      </Button>
    </Form>
  );
}

const APPEAL_CHOICES = [
  { value: "uphold", label: "Maintenir la décision" },
  { value: "reverse", label: "Remettre le deal en ligne" },
];
const NOTICE_CHOICES = NOTICE_DECISIONS.map((d) => ({ value: d, label: NOTICE_DECISION_LABELS[d] }));

const reportsMeta = (r: { reports: number; reasons: string[]; details: string[] }) =>
  [`${countOf(r.reports, REPORTS)} : ${r.reasons.join(", ")}`, ...r.details.map((d) => `« ${d} »`)].join(" · ");

/** The tabs, each with what waits in it; the active one is the page (`aria-current`). */
function DeskTabs({ tab, counts }: { tab: ModerationTab; counts: Record<ModerationTab, number> }) {
  return (
    <nav aria-label="Files de modération" className="-mx-1 overflow-x-auto px-1 pb-1">
      <ul className="flex w-max gap-1 rounded-2xl bg-neutral-100 p-1 lg:w-auto lg:flex-wrap">
        {MODERATION_TABS.map((t) => {
          const active = t === tab;
          return (
            <li key={t}>
              <Link
                to={moderationHref(t)}
                aria-current={active ? "page" : undefined}
                data-testid="moderation-tab"
                className={cn(
                  "flex min-h-11 items-center gap-2 whitespace-nowrap rounded-xl px-3 py-2 text-sm font-semibold hover:text-brand-700",
                  active ? "bg-white text-brand-700 shadow" : "text-neutral-600",
                )}
              >
                {MODERATION_TAB_LABELS[t]}
                <Badge variant={counts[t] > 0 ? "default" : "neutral"} aria-label={countOf(counts[t], { one: "élément", other: "éléments" })}>
                  {counts[t]}
                </Badge>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export default function AdminModeration({ loaderData, actionData }: Route.ComponentProps) {
  const ad = actionData as AdminActionData | undefined;
  useActionToast(ad);
  const navigation = useNavigation();
  const { tab, counts, pager, pending, decided, pendingDeals, publishedDeals, stillValid, damped, pendingComments, reportedComments, reportedDeals, blocked, appeals } = loaderData;
  const busy = navigation.state !== "idle";
  const pagerView = <Pager page={pager.page} pageCount={pager.pageCount} total={pager.total} />;
  return (
    <div className="grid min-w-0 gap-6">
      <PageHeader title="Modération" />
      <DeskTabs tab={tab} counts={counts} />
      <h2 className="sr-only">{MODERATION_TAB_LABELS[tab]}</h2>
      {tab === "illicites" ? (
        <>
      <QueueCard
        title="Contenus signalés comme illicites"
        total={pager.total}
        description="Signalements de contenus illicites (DSA art. 16), l'échéance la plus proche d'abord : 24 h pour une arnaque, un contenu haineux ou une atteinte aux mineurs, 72 h sinon. La décision et ses motifs sont envoyés à l'auteur du signalement."
        items={pending}
        empty="Aucun signalement en attente."
      >
        {(n) => (
          <NoticeCard key={n.id} n={n}>
            <DecisionForm intent="decide" fields={{ noticeId: n.id }} choices={NOTICE_CHOICES} statementId={`statement-${n.id}`} submit="Enregistrer la décision" busy={busy} />
          </NoticeCard>
        )}
      </QueueCard>
          {pagerView}
      <QueueCard
        title="Dernières décisions"
        items={decided}
        empty="Aucune décision pour l'instant."
        counted={false}
      >
        {(n) => (
          <NoticeCard key={n.id} n={n}>
            <p>
              <strong>{n.decisionLabel}</strong> le {n.decidedAt ? formatParis(n.decidedAt, "dd/MM/yyyy") : ""} : {n.statement}
            </p>
          </NoticeCard>
        )}
      </QueueCard>
        </>
      ) : null}
      {tab === "deals" ? (
        <>
      <QueueCard
        title="Deals proposés"
        description="Deals des membres en attente de validation. Un refus est envoyé à l'auteur avec la règle enfreinte et l'exposé des motifs (DSA art. 17)."
        items={pendingDeals}
        total={pager.total}
        empty="Aucun deal en attente."
      >
        {(d) => (
          <DealCard key={d.id} d={d}>
            <div className="flex flex-wrap gap-2 border-t border-neutral-200 pt-3">
              <Form method="post">
                <input type="hidden" name="intent" value="approve-deal" />
                <input type="hidden" name="dealId" value={d.id} />
                <Button type="submit" disabled={busy}>
                  Publier
                </Button>
              </Form>
            </div>
            <details className="border-t border-neutral-200 pt-3">
              <summary className="cursor-pointer text-sm font-semibold text-brand-700">Corriger avant de décider</summary>
              <Form method="post" className="mt-3 grid gap-3">
                <input type="hidden" name="intent" value="edit-deal" />
                <input type="hidden" name="dealId" value={d.id} />
                <div>
                  <Label htmlFor={`edit-title-${d.id}`}>Titre</Label>
                  <Input id={`edit-title-${d.id}`} name="title" defaultValue={d.title} maxLength={140} required className="mt-1" />
                </div>
                <div>
                  <Label htmlFor={`edit-description-${d.id}`}>Description</Label>
                  <Textarea id={`edit-description-${d.id}`} name="description" defaultValue={d.description} rows={4} minLength={20} maxLength={2000} required className="mt-1" />
                </div>
                <div>
                  <Label htmlFor={`edit-code-${d.id}`}>Code promo</Label>
                  <Input id={`edit-code-${d.id}`} name="code" defaultValue={isDealCode(d.ctaText) ? d.ctaText : ""} maxLength={30} className="mt-1" />
                </div>
                <Button type="submit" variant="outline" className="justify-self-start" disabled={busy}>
                  Enregistrer les corrections
                </Button>
              </Form>
            </details>
            <DealStatementForm dealId={d.id} intent="reject-deal" label="Refuser" busy={busy} />
          </DealCard>
        )}
      </QueueCard>
          {pagerView}
      <QueueCard
        title="Derniers deals de membres publiés"
        description="Un deal publié peut être retiré ; l'auteur reçoit l'exposé des motifs."
        items={publishedDeals}
        empty="Aucun deal de membre publié."
        counted={false}
      >
        {(d) => (
          <DealCard key={d.id} d={d}>
            <DealStatementForm dealId={d.id} intent="remove-deal" label="Retirer" busy={busy} />
          </DealCard>
        )}
      </QueueCard>
        </>
      ) : null}
      {tab === "commentaires" ? (
        <>
      <QueueCard
        title="Commentaires en attente"
        description="Premiers commentaires des nouveaux comptes. Un retrait est envoyé à l'auteur avec la règle enfreinte et l'exposé des motifs (DSA art. 17)."
        items={pendingComments}
        total={pager.total}
        empty="Aucun commentaire en attente."
      >
        {(c) => (
          <CommentQueueItem key={c.id} c={c} badge="En attente">
            <Form method="post" className="border-t border-neutral-200 pt-3">
              <input type="hidden" name="intent" value="approve-comment" />
              <input type="hidden" name="commentId" value={c.id} />
              <Button type="submit" disabled={busy}>
                Publier
              </Button>
            </Form>
            <CommentStatementForm commentId={c.id} busy={busy} />
          </CommentQueueItem>
        )}
      </QueueCard>
          {pagerView}
        </>
      ) : null}
      {tab === "signalements" ? (
        <>
      <QueueCard
        title="Commentaires signalés"
        description="Commentaires signalés par des membres, les plus signalés d'abord. Classer sans suite, ou retirer avec l'exposé des motifs envoyé à l'auteur."
        items={reportedComments}
        empty="Aucun commentaire signalé."
      >
        {(c) => (
          <CommentQueueItem key={c.id} c={c} badge="Signalé" extra={reportsMeta(c)}>
            <div className="border-t border-neutral-200 pt-3">
              <DismissReportsForm targetType="comment" targetId={c.id} busy={busy} />
            </div>
            <CommentStatementForm commentId={c.id} busy={busy} />
          </CommentQueueItem>
        )}
      </QueueCard>
      <QueueCard
        title="Deals signalés"
        description="Deals signalés par des membres. Classer sans suite, ou retirer le deal : son auteur reçoit l'exposé des motifs."
        items={reportedDeals}
        empty="Aucun deal signalé."
      >
        {(d) => (
          <QueueItem
            key={d.id}
            testId="reported-deal"
            heading={d.title}
            badge={d.status === dealStatus.is.published ? "Signalé" : "Déjà retiré"}
            url={`/coup-de-crevarde/${d.id}`}
            body={reportsMeta(d)}
            meta={`Publié par ${d.authorEmail ?? "l'équipe ou un compte supprimé"} · lien marchand : ${d.url}`}
          >
            <div className="border-t border-neutral-200 pt-3">
              <DismissReportsForm targetType="deal" targetId={d.id} busy={busy} />
            </div>
            {d.status === dealStatus.is.published ? <DealStatementForm dealId={d.id} intent="remove-deal" label="Retirer le deal" busy={busy} /> : null}
          </QueueItem>
        )}
      </QueueCard>
          {pagerView}
        </>
      ) : null}
      {tab === "membres" ? (
        <>
      <QueueCard
        title="Membres bloqués"
        description="Un membre bloqué ne peut plus se connecter, publier, voter ni signaler ; ses sessions sont fermées et il reçoit l'exposé des motifs. Les comptes de l'équipe ne peuvent pas être bloqués."
        items={blocked}
        total={pager.total}
        empty="Aucun membre bloqué."
        listClassName="grid gap-2 text-sm"
        before={
          <Form method="post" className="grid gap-3 sm:grid-cols-2" aria-label="Bloquer un membre">
            <input type="hidden" name="intent" value="block-member" />
            <div>
              <Label htmlFor="block-member">Pseudo ou e-mail du membre</Label>
              <Input id="block-member" name="member" required maxLength={254} className="mt-1" />
            </div>
            <div>
              <Label htmlFor="block-duration">Durée</Label>
              <select id="block-duration" name="duration" required className="mt-1 block h-10 w-full rounded-md border border-neutral-300 bg-white px-3 text-base">
                {Object.entries(BLOCK_DURATIONS).map(([value, d]) => (
                  <option key={value} value={value}>
                    {d.label}
                  </option>
                ))}
              </select>
            </div>
            <RuleAndStatement idPrefix="block" className="sm:col-span-2" />
            <Button type="submit" variant="destructive" className="justify-self-start" disabled={busy}>
              Bloquer
            </Button>
          </Form>
        }
      >
        {(m) => (
          <li key={m.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-neutral-200 p-3" data-testid="blocked-member">
            <div className="min-w-0">
              <p className="font-semibold break-words">
                {m.username ?? "Sans pseudo"} · {m.email}
              </p>
              <p className="text-xs text-neutral-600 break-words">
                {m.until ? `Jusqu'au ${formatParis(m.until, "d MMMM yyyy HH:mm")}` : "Définitivement"} · {m.reason}
              </p>
            </div>
            <Form method="post">
              <input type="hidden" name="intent" value="unblock-member" />
              <input type="hidden" name="userId" value={m.id} />
              <Button type="submit" variant="outline" disabled={busy}>
                Débloquer
              </Button>
            </Form>
          </li>
        )}
      </QueueCard>
          {pagerView}
        </>
      ) : null}
      {tab === "contestations" ? (
        <>
      <QueueCard
        title="Contestations"
        description="Des auteurs contestent le refus ou le retrait de leur deal (une fois par deal). Maintenir la décision ou remettre le deal en ligne ; l'auteur reçoit la réponse et ses motifs."
        items={appeals}
        total={pager.total}
        empty="Aucune contestation en attente."
      >
        {(a) => (
          <QueueItem
            key={a.dealId}
            testId="deal-appeal"
            heading={a.title}
            badge={a.contestedStatus === dealStatus.is.removed ? "Retiré" : "Refusé"}
            url={a.url}
            body={a.text}
            meta={`${a.ruleLabel ?? ""} : ${a.statement ?? ""} · contesté le ${formatParis(a.createdAt, "dd/MM/yyyy 'à' HH'h'mm")} par ${a.authorEmail ?? "un compte supprimé"}`}
          >
            <DecisionForm intent="decide-appeal" fields={{ dealId: a.dealId }} choices={APPEAL_CHOICES} statementId={`appeal-statement-${a.dealId}`} submit="Enregistrer" busy={busy} />
          </QueueItem>
        )}
      </QueueCard>
          {pagerView}
        </>
      ) : null}
      {tab === "signaux" ? (
        <>
      <QueueCard
        title="Deals expirés signalés toujours valables"
        description="Des membres indiquent que ces deals marchent encore. Après vérification, « Réactiver » retire la mention « Expiré »."
        items={stillValid}
        total={pager.total}
        empty="Aucun deal signalé."
      >
        {(r) => (
          <li key={r.dealId} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-neutral-200 p-3" data-testid="still-valid-deal">
            <div className="min-w-0">
              <a href={`/coup-de-crevarde/${r.dealId}`} className="font-semibold text-brand-700 hover:underline">
                {r.title}
              </a>
              <p className="text-xs text-neutral-600">
                Expiré le {formatParis(r.expiredAt, "d MMMM yyyy HH:mm")} · {countOf(r.reports, REPORTS)} « Toujours valable »
              </p>
            </div>
            <Form method="post">
              <input type="hidden" name="intent" value="reactivate-deal" />
              <input type="hidden" name="dealId" value={r.dealId} />
              <Button type="submit" variant="outline" disabled={busy}>
                Réactiver
              </Button>
            </Form>
          </li>
        )}
      </QueueCard>
          {pagerView}
      <QueueCard
        title="Votes neutralisés"
        description="Deals votés par plus de 3 comptes depuis un même navigateur, ou par plus de 5 comptes de moins de 7 jours en une heure (30 derniers jours) : les votes au-delà comptent pour 0°. À surveiller en cas d'abus."
        items={damped}
        empty="Aucun vote neutralisé."
        listClassName="grid gap-2 text-sm"
      >
        {(v) => (
          <li key={v.dealId} className="rounded-lg border border-neutral-200 p-3" data-testid="damped-votes">
            <a href={`/coup-de-crevarde/${v.dealId}`} className="font-semibold text-brand-700 hover:underline">
              {v.title}
            </a>
            <p className="text-xs text-neutral-600">
              {countOf(v.damped, { one: "vote neutralisé", other: "votes neutralisés" })} sur {v.votes}, depuis{" "}
              {countOf(v.browsers, { one: "navigateur", other: "navigateurs" })}
              {v.bursts > 0 ? ` · dont ${v.bursts} en rafale de comptes de moins de 7 jours` : ""} · dernier vote le{" "}
              {formatParis(v.lastAt, "d MMMM yyyy HH:mm")}
            </p>
          </li>
        )}
      </QueueCard>
        </>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminLoadErrorBoundary />;
}
