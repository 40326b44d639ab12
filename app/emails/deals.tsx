import { Button, Text } from "@react-email/components";
import { buttonStyle, EmailLayout, textStyle } from "./layout";

/** A moderator's decision on a member's deal post. */
export type DealDecision = "approved" | "rejected" | "removed";

type Props = {
  siteName: string;
  siteUrl: string;
  title: string;
  decision: DealDecision;
  /** rejected or removed: the rule broken and the statement of reasons (EU DSA art. 17) */
  rule?: string | null;
  statement?: string | null;
};

export const DEAL_DECISION_SUBJECTS: Record<DealDecision, string> = {
  approved: "Ton deal est publié",
  rejected: "Ton deal n'a pas été publié",
  removed: "Ton deal a été retiré",
};

/** The decision on a member's post; a refusal or a removal carries its statement of reasons and the means of redress (DSA art. 17). */
export function DealDecisionEmail({ siteName, siteUrl, title, decision, rule, statement }: Props) {
  const subject = DEAL_DECISION_SUBJECTS[decision];
  return (
    <EmailLayout preview={subject} title={subject} siteName={siteName} siteUrl={siteUrl}>
      {decision === "approved" ? (
        <>
          <Text style={textStyle}>Bonne nouvelle : ton deal « {title} » a été validé par l'équipe de modération. Il est maintenant visible par tous les membres.</Text>
          <Button href={`${siteUrl}/coup-de-crevarde`} style={buttonStyle}>
            Voir les deals
          </Button>
        </>
      ) : (
        <>
          <Text style={textStyle}>
            {decision === "rejected" ? `Ton deal « ${title} » n'a pas été publié.` : `Ton deal « ${title} » a été retiré du site.`} Règle concernée : {rule}.
          </Text>
          <StatementOfReasons statement={statement} />
        </>
      )}
    </EmailLayout>
  );
}

/** The statement of reasons and the means of redress of a moderation decision (DSA art. 17(3)). */
function StatementOfReasons({ statement }: { statement?: string | null }) {
  return (
    <>
      <Text style={textStyle}>Motifs : {statement}</Text>
      <Text style={textStyle}>
        Cette décision a été prise par une personne de l'équipe de modération, sans traitement automatisé. Si tu n'es pas d'accord, réponds à cet e-mail
        pour demander un réexamen, ou saisis le juge compétent.
      </Text>
    </>
  );
}

export const COMMENT_REMOVED_SUBJECT = "Ton commentaire a été retiré";

/** A moderator removed a member's comment: the deal, the comment, the rule and the statement of reasons (DSA art. 17). */
export function CommentRemovedEmail({ siteName, siteUrl, dealTitle, dealId, excerpt, rule, statement }: { siteName: string; siteUrl: string; dealTitle: string; dealId: string; excerpt: string; rule: string; statement: string }) {
  return (
    <EmailLayout preview={COMMENT_REMOVED_SUBJECT} title={COMMENT_REMOVED_SUBJECT} siteName={siteName} siteUrl={siteUrl}>
      <Text style={textStyle}>
        Ton commentaire sur le deal « {dealTitle} » a été retiré par l'équipe de modération. Règle concernée : {rule}.
      </Text>
      <Text style={textStyle}>Ton commentaire : « {excerpt} »</Text>
      <StatementOfReasons statement={statement} />
      <Button href={`${siteUrl}/coup-de-crevarde/${dealId}`} style={buttonStyle}>
        Voir le deal
      </Button>
    </EmailLayout>
  );
}

export const APPEAL_DECISION_SUBJECTS = {
  upheld: "Ta contestation : la décision est maintenue",
  reversed: "Ta contestation est acceptée : ton deal est en ligne",
} as const;

/** The outcome of a member's appeal (DSA art. 20), with the moderator's reasons. */
export function DealAppealDecisionEmail({ siteName, siteUrl, title, outcome, statement }: { siteName: string; siteUrl: string; title: string; outcome: keyof typeof APPEAL_DECISION_SUBJECTS; statement: string }) {
  const subject = APPEAL_DECISION_SUBJECTS[outcome];
  return (
    <EmailLayout preview={subject} title={subject} siteName={siteName} siteUrl={siteUrl}>
      <Text style={textStyle}>
        {outcome === "reversed"
          ? `Après réexamen, ton deal « ${title} » est de nouveau en ligne.`
          : `Après réexamen, la décision sur ton deal « ${title} » est maintenue.`}
      </Text>
      <Text style={textStyle}>Motifs : {statement}</Text>
      {outcome === "upheld" ? (
        <Text style={textStyle}>
          Ce réexamen a été fait par une personne de l'équipe de modération. Tu peux encore recourir à un organe de règlement extrajudiciaire des litiges ou
          saisir le juge compétent.
        </Text>
      ) : null}
    </EmailLayout>
  );
}
