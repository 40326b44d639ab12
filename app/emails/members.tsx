import { Text } from "@react-email/components";
import { EmailLayout, textStyle } from "./layout";

export const MEMBER_BLOCKED_SUBJECT = "Ton compte est bloqué";

type Props = {
  siteName: string;
  siteUrl: string;
  /** « jusqu'au 3 décembre 2026 à 14h05 », or null for good */
  until: string | null;
  rule: string;
  statement: string;
};

/** A block's statement of reasons (DSA art. 17): the rule broken, the facts, how long, and the means of redress. */
export function MemberBlockedEmail({ siteName, siteUrl, until, rule, statement }: Props) {
  return (
    <EmailLayout preview={MEMBER_BLOCKED_SUBJECT} title={MEMBER_BLOCKED_SUBJECT} siteName={siteName} siteUrl={siteUrl}>
      <Text style={textStyle}>
        {until ? `Ton compte est bloqué jusqu'au ${until}.` : "Ton compte est bloqué définitivement."} Pendant ce temps, tu ne peux ni te connecter, ni publier, ni
        voter, ni signaler. Règle concernée : {rule}.
      </Text>
      <Text style={textStyle}>Motifs : {statement}</Text>
      <Text style={textStyle}>
        Cette décision a été prise par une personne de l'équipe de modération, sans traitement automatisé. Si tu n'es pas d'accord, réponds à cet e-mail pour
        demander un réexamen, ou saisis le juge compétent.
      </Text>
    </EmailLayout>
  );
}
