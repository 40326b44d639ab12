import { Button, Text } from "@react-email/components";
import { claimStatus } from "#db/states/claim-status";
import { buttonStyle, EmailLayout, textStyle } from "./layout";

/** The status changes a member is told about (each made by finance, the network or the expiry job). */
export type ClaimUpdate = "sent" | "disputed" | "accepted" | "refused" | "expired";

type Props = {
  siteName: string;
  siteUrl: string;
  merchant: string;
  orderRef: string;
  update: ClaimUpdate;
  /** refused: the reason shown to the member */
  reason?: string | null;
  /** accepted: the purchase is already in « Mes achats » (a conversion is linked) */
  tracked?: boolean;
  /** expired: the member may still re-open it */
  canReopen?: boolean;
};

export const CLAIM_UPDATE_SUBJECT = "Réclamation mise à jour";

function body({ merchant, orderRef, update, reason, tracked, canReopen }: Props): string[] {
  const order = `ta commande ${orderRef} chez ${merchant}`;
  switch (update) {
    case "sent":
      return [`Nous avons transmis au marchand ta réclamation pour ${order}. Il répond en général en quelques semaines : nous te préviendrons dès qu'il l'aura fait.`];
    case "disputed":
      return [
        `Le marchand a refusé l'achat correspondant à ta réclamation pour ${order}.`,
        "Notre équipe examine ta demande et te répondra dès que possible.",
      ];
    case "accepted":
      return [
        `Bonne nouvelle : ta réclamation pour ${order} est acceptée.`,
        tracked
          ? "Ton achat apparaît maintenant dans « Mes achats », avec son cashback en attente de validation par le marchand."
          : "Ton achat apparaîtra dans « Mes achats » dès que le marchand nous l'aura transmis.",
      ];
    case "refused":
      return [`Ta réclamation pour ${order} a été refusée.`, `Raison : ${reason?.trim() || "le marchand n'a pas donné de raison. Écris-nous si tu penses que c'est une erreur."}`];
    case "expired":
      return [
        `Le marchand n'a pas répondu à ta réclamation pour ${order} dans les 120 jours qui ont suivi son envoi.`,
        canReopen ? "Tu peux la relancer une fois depuis « Mes réclamations » : nous la transmettrons de nouveau." : "Écris-nous si tu penses que cet achat doit encore être pris en compte.",
      ];
  }
}

/** « Réclamation mise à jour »: sent at each status change of a missing-cashback claim that the member did not make. */
export function ClaimUpdatedEmail(props: Props) {
  const { siteName, siteUrl, update, canReopen } = props;
  return (
    <EmailLayout preview={`${CLAIM_UPDATE_SUBJECT} : ${props.merchant}`} title={CLAIM_UPDATE_SUBJECT} siteName={siteName} siteUrl={siteUrl}>
      {body(props).map((line) => (
        <Text key={line} style={textStyle}>
          {line}
        </Text>
      ))}
      <Button href={`${siteUrl}/mon-cashback#reclamations`} style={buttonStyle}>
        {update === claimStatus.is.expired && canReopen ? "Relancer ma réclamation" : "Suivre ma réclamation"}
      </Button>
    </EmailLayout>
  );
}
