import { describe, expect, it } from "vitest";
import {
  NO_SELF_REFERRAL_SIGNALS,
  normalizedEmail,
  plannedRewards,
  REFERRAL_VOID_REASONS,
  referralHoldReason,
  referralRewardLabel,
  referralRewardStatusText,
  referralTotals,
  selfReferralReason,
} from "./referrals";
import { referralRewardStatus } from "#db/states/referral-status";

describe("referral rules", () => {
  const none = NO_SELF_REFERRAL_SIGNALS;

  it("voids only the same account; any shared signal holds the referral for review, each named for the admins", () => {
    expect(selfReferralReason(none)).toBeNull();
    expect(referralHoldReason(none)).toBeNull();
    expect(selfReferralReason({ ...none, sameAccount: true })).toBe(REFERRAL_VOID_REASONS.sameAccount);
    expect(selfReferralReason({ ...none, sharedIban: true, sharedDevice: true })).toBeNull();
    expect(referralHoldReason({ ...none, sharedNetwork: true })).toBe("Même réseau IP (/24, ou /64 en IPv6) à moins de 30 jours d'écart.");
    expect(referralHoldReason({ ...none, sharedIban: true, sameAddress: true })).toBe(
      "Même IBAN (empreinte) sur les deux comptes ; même adresse e-mail une fois normalisée (points et « +étiquette »).",
    );
    expect(referralHoldReason({ ...none, sharedDevice: true })).toContain("appareil");
  });

  it("normalises an address as its mailbox reads it: Gmail dots and +tag, +tag elsewhere", () => {
    expect(normalizedEmail(" Jean.Dupont+parrain@Gmail.com ")).toBe("jeandupont@gmail.com");
    expect(normalizedEmail("j.e.a.n.dupont@googlemail.com")).toBe("jeandupont@gmail.com");
    expect(normalizedEmail("jean.dupont+promo@orange.fr")).toBe("jean.dupont@orange.fr");
    expect(normalizedEmail("jean.dupont@orange.fr")).not.toBe(normalizedEmail("jeandupont@orange.fr"));
    expect(normalizedEmail("+tag@gmail.com")).toBe("+tag@gmail.com");
    expect(normalizedEmail("pas-une-adresse")).toBe("pas-une-adresse");
  });

  it("moves a reward only along its transitions", () => {
    expect(referralRewardStatus.canMove("pending", "held")).toBe(true);
    expect(referralRewardStatus.canMove("held", "pending")).toBe(true);
    expect(referralRewardStatus.canMove("held", "credited")).toBe(true);
    expect(referralRewardStatus.canMove("held", "void")).toBe(true);
    expect(referralRewardStatus.canMove("credited", "held")).toBe(false);
    expect(referralRewardStatus.canMove("void", "pending")).toBe(false);
    expect(referralRewardStatus.canMove("unknown", "pending")).toBe(false);
  });

  it("plans one reward per side with a positive amount, none for oneself", () => {
    expect(plannedRewards({ referrerId: "a", refereeId: "b", refereeCents: 200, referrerCents: 300 })).toEqual([
      { kind: "referee_welcome", userId: "b", amountCents: 200 },
      { kind: "referrer_first", userId: "a", amountCents: 300 },
    ]);
    expect(plannedRewards({ referrerId: "a", refereeId: "b", refereeCents: 0, referrerCents: 300 })).toEqual([{ kind: "referrer_first", userId: "a", amountCents: 300 }]);
    expect(plannedRewards({ referrerId: "a", refereeId: "b", refereeCents: 1.5, referrerCents: -1 })).toEqual([]);
    expect(plannedRewards({ referrerId: "a", refereeId: "a", refereeCents: 200, referrerCents: 300 })).toEqual([]);
  });

  it("says what each reward is, in French, without e-mail addresses", () => {
    expect(referralRewardLabel("referrer_first", "Amie")).toBe("Bonus de parrainage : Amie");
    expect(referralRewardLabel("referee_welcome", null)).toBe("Bonus de bienvenue (parrainage : un compte supprimé)");
    expect(referralRewardStatusText("referrer_first", "pending", null)).toBe("En attente du premier cashback validé de la personne invitée");
    expect(referralRewardStatusText("referee_welcome", "pending", null)).toBe("En attente de ton premier cashback validé");
    expect(referralRewardStatusText("referrer_first", "void", REFERRAL_VOID_REASONS.refusedAfterReview)).toBe(`Annulé : ${REFERRAL_VOID_REASONS.refusedAfterReview}`);
    expect(referralRewardStatusText("referee_welcome", "held", null)).toBe("En cours de vérification par notre équipe");
  });

  it("totals earned and pending, void ones apart", () => {
    const t = referralTotals([
      { status: "credited", amountCents: 300 },
      { status: "pending", amountCents: 300 },
      { status: "void", amountCents: 300 },
      { status: "credited", amountCents: 200 },
      { status: "held", amountCents: 200 },
    ]);
    expect(t).toMatchObject({ earnedCents: 500, pendingCents: 500 });
    expect(t.earned.replace(/\s/g, " ")).toBe("5,00 €");
  });
});
