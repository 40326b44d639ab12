import { describe, expect, it } from "vitest";
import { plannedRewards, REFERRAL_VOID_REASONS, referralRewardLabel, referralRewardStatusText, referralTotals, selfReferralReason } from "./referrals";

describe("referral rules", () => {
  const none = { sameAccount: false, sharedIbanFingerprint: false, sharedVisitorHash: false };

  it("finds a self-referral from any signal, the same account first", () => {
    expect(selfReferralReason(none)).toBeNull();
    expect(selfReferralReason({ ...none, sharedVisitorHash: true })).toBe(REFERRAL_VOID_REASONS.sharedDevice);
    expect(selfReferralReason({ ...none, sharedIbanFingerprint: true, sharedVisitorHash: true })).toBe(REFERRAL_VOID_REASONS.sharedIban);
    expect(selfReferralReason({ sameAccount: true, sharedIbanFingerprint: true, sharedVisitorHash: true })).toBe(REFERRAL_VOID_REASONS.sameAccount);
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
    expect(referralRewardStatusText("referrer_first", "void", REFERRAL_VOID_REASONS.sharedIban)).toBe(`Annulé : ${REFERRAL_VOID_REASONS.sharedIban}`);
  });

  it("totals earned and pending, void ones apart", () => {
    const t = referralTotals([
      { status: "credited", amountCents: 300 },
      { status: "pending", amountCents: 300 },
      { status: "void", amountCents: 300 },
      { status: "credited", amountCents: 200 },
    ]);
    expect(t).toMatchObject({ earnedCents: 500, pendingCents: 300 });
    expect(t.earned.replace(/\s/g, " ")).toBe("5,00 €");
  });
});
