import { Text } from "@react-email/components";
import { EmailLayout, textStyle } from "./layout";

type Base = { siteName: string; siteUrl: string; reference: string; targetUrl: string };

/** Acknowledgement of a notice of illegal content (EU DSA art. 16(4)). */
export function NoticeReceivedEmail({ siteName, siteUrl, reference, targetUrl, category }: Base & { category: string }) {
  return (
    <EmailLayout preview={`Signalement ${reference} reçu`} title={`Nous avons reçu ton signalement ${reference}`} siteName={siteName} siteUrl={siteUrl}>
      <Text style={textStyle}>
        Merci. Ton signalement du contenu {targetUrl} ({category}) est enregistré sous la référence {reference}. Une personne de l'équipe de modération
        l'examine, sans décision automatique, et tu recevras notre décision motivée par e-mail.
      </Text>
    </EmailLayout>
  );
}

/** The decision on a notice and its reasons (EU DSA art. 16(5) and 17), with the means of redress. */
export function NoticeDecisionEmail({ siteName, siteUrl, reference, targetUrl, decision, statement }: Base & { decision: string; statement: string }) {
  return (
    <EmailLayout preview={`Décision sur ton signalement ${reference}`} title={`Notre décision sur ton signalement ${reference}`} siteName={siteName} siteUrl={siteUrl}>
      <Text style={textStyle}>Contenu signalé : {targetUrl}</Text>
      <Text style={textStyle}>Décision : {decision}.</Text>
      <Text style={textStyle}>Motifs : {statement}</Text>
      <Text style={textStyle}>
        Cette décision a été prise par une personne, sans traitement automatisé. Si tu n'es pas d'accord, tu peux répondre à cet e-mail ou saisir le juge
        compétent.
      </Text>
    </EmailLayout>
  );
}
