import { Button, Link, Text } from "@react-email/components";
import { buttonStyle, EmailLayout, textStyle } from "./layout";

export interface PriceAlertMail {
  /** what the member followed (the deal's title) */
  label: string;
  merchant: string;
  /** the new price and the member's threshold, written (« 37,99 € ») */
  price: string;
  threshold: string;
  /** the deal's page, or « Mes alertes » when the deal is no longer public */
  url: string;
  /** pauses this alert (signed, no login) */
  pauseUrl: string;
}

/** « Baisse de prix : Casque X à 37,99 € » */
export const priceAlertMailSubject = (mail: Pick<PriceAlertMail, "label" | "price">) => `Baisse de prix : ${mail.label} à ${mail.price}`;

/** A followed product's price went under the member's threshold (issue #39 item 5, ADR 049 §Alerts). */
export function PriceAlertEmail({ siteName, siteUrl, ...mail }: PriceAlertMail & { siteName: string; siteUrl: string }) {
  return (
    <EmailLayout
      preview={priceAlertMailSubject(mail)}
      title="Le prix a baissé"
      siteName={siteName}
      siteUrl={siteUrl}
      footer={
        <>
          Tu reçois cet e-mail car tu suis le prix de ce produit sur <Link href={siteUrl}>{siteName}</Link>. On ne t'écrit qu'une fois par baisse :
          le prix doit repasser au-dessus de ton seuil avant une nouvelle alerte. Gère tes alertes sur <Link href={`${siteUrl}/mes-alertes`}>Mes alertes</Link>.
        </>
      }
    >
      <Text style={textStyle}>
        <strong>{mail.label}</strong> est à <strong>{mail.price}</strong> chez {mail.merchant}, sous ton seuil de {mail.threshold}.
      </Text>
      <Button href={mail.url} style={buttonStyle}>
        Voir le produit
      </Button>
      <Text style={{ ...textStyle, fontSize: 13, color: "#737373" }}>
        <Link href={mail.pauseUrl} style={{ color: "#737373" }}>
          Désactiver cette alerte
        </Link>
      </Text>
    </EmailLayout>
  );
}
