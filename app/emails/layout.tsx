import { Body, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import type * as React from "react";

export function EmailLayout({
  preview,
  title,
  siteName,
  siteUrl,
  children,
  footer,
}: {
  preview: string;
  title: string;
  siteName: string;
  siteUrl: string;
  children: React.ReactNode;
  footer?: React.ReactNode;
}) {
  return (
    <Html lang="fr">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: "#fdf2f8", fontFamily: "Helvetica, Arial, sans-serif", margin: 0, padding: "24px 0" }}>
        <Container style={{ backgroundColor: "#ffffff", borderRadius: 16, maxWidth: 560, padding: 32 }}>
          <Text style={{ color: "#be185d", fontSize: 22, fontWeight: 900, margin: 0 }}>{siteName}</Text>
          <Heading as="h1" style={{ color: "#171717", fontSize: 22, margin: "24px 0 8px" }}>
            {title}
          </Heading>
          <Section>{children}</Section>
          <Hr style={{ borderColor: "#e5e5e5", margin: "32px 0 16px" }} />
          <Text style={{ color: "#737373", fontSize: 12, margin: 0 }}>
            {footer ?? (
              <>
                Tu reçois cet e-mail car ton adresse a été utilisée sur <Link href={siteUrl}>{siteName}</Link>. Si ce
                n'est pas toi, ignore simplement ce message.
              </>
            )}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

export const buttonStyle = {
  backgroundColor: "#be185d",
  borderRadius: 999,
  color: "#ffffff",
  display: "inline-block",
  fontWeight: 700,
  padding: "12px 24px",
  textDecoration: "none",
} as const;

export const textStyle = { color: "#404040", fontSize: 15, lineHeight: "24px" } as const;
