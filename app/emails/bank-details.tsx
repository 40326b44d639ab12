import { Button, Text } from "@react-email/components";
import { buttonStyle, EmailLayout, textStyle } from "./layout";

/**
 * Sent to the member each time bank details are added or changed: a takeover shows up in their inbox.
 * The outbox keeps a copy: it names the account by its masked IBAN only, never the holder's name (ADR 021).
 */
export function BankDetailsChangedEmail({
  siteName,
  siteUrl,
  maskedIban,
  usableFrom,
}: {
  siteName: string;
  siteUrl: string;
  maskedIban: string;
  usableFrom: string;
}) {
  return (
    <EmailLayout preview="Tes coordonnées bancaires ont été modifiées" title="Tes coordonnées bancaires ont été modifiées" siteName={siteName} siteUrl={siteUrl}>
      <Text style={textStyle}>
        Le compte qui recevra ton cashback est maintenant l'IBAN {maskedIban}. Par sécurité, il pourra recevoir un
        virement à partir du {usableFrom}.
      </Text>
      <Text style={textStyle}>
        Si ce n'est pas toi, change tout de suite ton mot de passe et écris-nous : aucun virement ne partira vers ce compte avant cette date.
      </Text>
      <Button href={`${siteUrl}/mon-cashback/coordonnees-bancaires`} style={buttonStyle}>
        Voir mes coordonnées bancaires
      </Button>
    </EmailLayout>
  );
}
