import { Button, Link, Text } from "@react-email/components";
import { buttonStyle, EmailLayout, textStyle } from "./layout";
import { pluralForm } from "#app/lib/plural";

interface Base {
  siteName: string;
  siteUrl: string;
}

/** Footer of every cashback e-mail: why it came, and where to switch that type off. */
function CashbackFooter({ siteName, siteUrl }: Base) {
  return (
    <>
      Tu reçois cet e-mail car tu as activé le cashback sur {siteName}.{" "}
      <Link href={`${siteUrl}/mon-cashback#notifications`}>Ne plus recevoir ce type d'e-mail</Link>.
    </>
  );
}

export function CashbackValidatedEmail({ siteName, siteUrl, merchant, amount }: Base & { merchant: string; amount: string }) {
  return (
    <EmailLayout
      preview={`${amount} de cashback validé chez ${merchant}`}
      title="Ton cashback est validé"
      siteName={siteName}
      siteUrl={siteUrl}
      footer={<CashbackFooter siteName={siteName} siteUrl={siteUrl} />}
    >
      <Text style={textStyle}>
        Bonne nouvelle : {merchant} a validé ton achat. Ton cashback de {amount} est maintenant disponible sur ton compte.
      </Text>
      <Button href={`${siteUrl}/mon-cashback`} style={buttonStyle}>
        Voir mon cashback
      </Button>
    </EmailLayout>
  );
}

export function CashbackRefusedEmail({
  siteName,
  siteUrl,
  merchant,
  amount,
  reason,
  reversed,
}: Base & { merchant: string; amount: string; reason: string; reversed: boolean }) {
  return (
    <EmailLayout
      preview={reversed ? `Ton cashback chez ${merchant} a été annulé` : `Ton cashback chez ${merchant} a été refusé`}
      title={reversed ? "Ton cashback a été annulé" : "Ton cashback a été refusé"}
      siteName={siteName}
      siteUrl={siteUrl}
      footer={<CashbackFooter siteName={siteName} siteUrl={siteUrl} />}
    >
      <Text style={textStyle}>
        {reversed
          ? `${merchant} a annulé ton achat après l'avoir validé : le cashback de ${amount} est retiré de ton compte.`
          : `${merchant} a refusé ton achat : le cashback de ${amount} ne sera pas versé.`}
      </Text>
      <Text style={textStyle}>Raison : {reason}</Text>
      <Button href={`${siteUrl}/mon-cashback`} style={buttonStyle}>
        Voir mon cashback
      </Button>
    </EmailLayout>
  );
}

export function CashbackDetectedDigestEmail({ siteName, siteUrl, purchases }: Base & { purchases: { merchant: string; amount: string; date: string }[] }) {
  const title = pluralForm(purchases.length, { one: "Achat détecté", other: `${purchases.length} achats détectés` });
  return (
    <EmailLayout
      preview={`${title} : ton cashback est en route`}
      title={title}
      siteName={siteName}
      siteUrl={siteUrl}
      footer={<CashbackFooter siteName={siteName} siteUrl={siteUrl} />}
    >
      <Text style={textStyle}>
        {pluralForm(purchases.length, { one: "Cet achat a été détecté", other: "Ces achats ont été détectés" })} : le cashback est en attente de validation par
        le marchand.
      </Text>
      {purchases.map((p, i) => (
        <Text key={i} style={textStyle}>
          • {p.merchant}, le {p.date} : {p.amount} de cashback
        </Text>
      ))}
      <Button href={`${siteUrl}/mon-cashback`} style={buttonStyle}>
        Suivre mon cashback
      </Button>
    </EmailLayout>
  );
}
