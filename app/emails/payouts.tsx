import { Button, Text } from "@react-email/components";
import { buttonStyle, EmailLayout, textStyle } from "./layout";

type Props = { siteName: string; siteUrl: string; amount: string; maskedIban: string };

/** Sent when the transfer leaves Crevarde's bank (status "sent"). */
export function PayoutSentEmail({ siteName, siteUrl, amount, maskedIban, arrival }: Props & { arrival: string }) {
  return (
    <EmailLayout preview={`Ton virement de ${amount} est envoyé`} title={`Ton virement de ${amount} est envoyé`} siteName={siteName} siteUrl={siteUrl}>
      <Text style={textStyle}>
        Nous venons d'envoyer ton cashback de {amount} par virement vers l'IBAN {maskedIban}. Il devrait arriver sur ton compte vers le {arrival}, selon ta
        banque.
      </Text>
      <Button href={`${siteUrl}/mon-cashback#retraits`} style={buttonStyle}>
        Suivre mon retrait
      </Button>
    </EmailLayout>
  );
}

/** Sent when the bank returned the transfer (status "failed"): the money is back in "Disponible". */
export function PayoutFailedEmail({ siteName, siteUrl, amount, maskedIban, reason }: Props & { reason: string }) {
  return (
    <EmailLayout preview="Ton virement n'a pas pu aboutir" title="Ton virement n'a pas pu aboutir" siteName={siteName} siteUrl={siteUrl}>
      <Text style={textStyle}>
        Ta banque a refusé le virement de {amount} vers l'IBAN {maskedIban} : {reason}. Ton cashback est de nouveau disponible : vérifie tes coordonnées
        bancaires, puis demande un nouveau retrait.
      </Text>
      <Button href={`${siteUrl}/mon-cashback/coordonnees-bancaires`} style={buttonStyle}>
        Vérifier mes coordonnées bancaires
      </Button>
    </EmailLayout>
  );
}
