import { Link, Section, Text } from "@react-email/components";
import { EmailLayout, textStyle } from "./layout";
import { countOf } from "#app/lib/plural";

interface AlertMailDeal {
  id: string;
  title: string;
  price: string;
  merchant: string;
}

export interface AlertMailSection {
  query: string;
  /** pauses this alert only (signed, no login) */
  pauseUrl: string;
  deals: AlertMailDeal[];
}

type Props = {
  siteName: string;
  siteUrl: string;
  kind: "instant" | "daily";
  sections: AlertMailSection[];
};

const dealCount = (n: number) => countOf(n, { one: "deal", other: "deals" });

/** The subject of an alert mail: the alert's words when there is one alert, else the count. */
export function alertMailSubject(kind: "instant" | "daily", sections: AlertMailSection[]): string {
  const total = sections.reduce((n, s) => n + s.deals.length, 0);
  if (kind === "daily") return `Tes alertes du jour : ${dealCount(total)}`;
  return sections.length === 1 ? `Alerte « ${sections[0]!.query} » : ${dealCount(total)} pour toi` : `Tes alertes : ${dealCount(total)} pour toi`;
}

const linkStyle = { color: "#be185d", fontWeight: 700 } as const;
const smallStyle = { color: "#737373", fontSize: 13, margin: "4px 0 0" } as const;

/** New deals matching a member's alerts (sent at once, batched, or in the morning digest), each alert with its one-click pause link. */
export function DealAlertEmail({ siteName, siteUrl, kind, sections }: Props) {
  const subject = alertMailSubject(kind, sections);
  return (
    <EmailLayout
      preview={subject}
      title={kind === "daily" ? "Les deals de tes alertes" : "Nouveaux deals pour tes alertes"}
      siteName={siteName}
      siteUrl={siteUrl}
      footer={
        <>
          Tu reçois cet e-mail car tu as créé des alertes sur <Link href={siteUrl}>{siteName}</Link>. Gère-les sur{" "}
          <Link href={`${siteUrl}/mes-alertes`}>Mes alertes</Link>, ou désactive une alerte en un clic avec le lien sous ses deals.
        </>
      }
    >
      {sections.map((section) => (
        <Section key={section.pauseUrl} style={{ marginBottom: 24 }}>
          <Text style={{ ...textStyle, fontWeight: 700, margin: "0 0 8px" }}>Alerte « {section.query} »</Text>
          {section.deals.map((deal) => (
            <Text key={deal.id} style={{ ...textStyle, margin: "0 0 8px" }}>
              <Link href={`${siteUrl}/coup-de-crevarde/${deal.id}`} style={linkStyle}>
                {deal.title}
              </Link>{" "}
              — {deal.price} chez {deal.merchant}
            </Text>
          ))}
          <Text style={smallStyle}>
            <Link href={section.pauseUrl} style={{ color: "#737373" }}>
              Désactiver cette alerte
            </Link>
          </Text>
        </Section>
      ))}
    </EmailLayout>
  );
}
