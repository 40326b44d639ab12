import { Button, Text } from "@react-email/components";
import { buttonStyle, EmailLayout, textStyle } from "./layout";

type Base = { siteName: string; siteUrl: string; reference: string; subject: string; email: string; message: string };

/** A message sent from /contact, to the staff who handle it (neutral French: the back office's register). */
export function ContactStaffEmail({ siteName, siteUrl, reference, subject, email, message, member }: Base & { member: string | null }) {
  return (
    <EmailLayout
      preview={`Nouveau message ${reference} : ${subject}`}
      title={`Nouveau message de contact ${reference}`}
      siteName={siteName}
      siteUrl={siteUrl}
      footer={<>Vous recevez cet e-mail car votre compte gère les messages de contact de {siteName}.</>}
    >
      <Text style={textStyle}>Sujet : {subject}</Text>
      <Text style={textStyle}>
        De : {email}
        {member ? ` (membre ${member})` : " (visiteur non connecté)"}
      </Text>
      <Text style={{ ...textStyle, whiteSpace: "pre-wrap", backgroundColor: "#f5f5f5", borderRadius: 8, padding: 12 }}>{message}</Text>
      <Button href={`${siteUrl}/admin/contact`} style={buttonStyle}>
        Ouvrir les messages
      </Button>
    </EmailLayout>
  );
}

/** The sender's copy of their message, with its reference. */
export function ContactCopyEmail({ siteName, siteUrl, reference, subject, message }: Omit<Base, "email">) {
  return (
    <EmailLayout preview={`Ton message ${reference} est bien arrivé`} title="On a bien reçu ton message" siteName={siteName} siteUrl={siteUrl}>
      <Text style={textStyle}>
        Merci de nous avoir écrit ! Ton message est enregistré sous la référence {reference}. Une personne de l'équipe te répond par e-mail, en général
        sous 48 heures ouvrées.
      </Text>
      <Text style={textStyle}>Sujet : {subject}</Text>
      <Text style={{ ...textStyle, whiteSpace: "pre-wrap", backgroundColor: "#f5f5f5", borderRadius: 8, padding: 12 }}>{message}</Text>
      <Text style={textStyle}>En attendant, la réponse est peut-être déjà dans notre centre d'aide :</Text>
      <Button href={`${siteUrl}/aide`} style={buttonStyle}>
        Ouvrir le centre d'aide
      </Button>
    </EmailLayout>
  );
}
