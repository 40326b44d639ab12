import { confirmReferral, recordPendingReferral } from "../../app/modules/invites/invites.server";

/** A friend signed up with this invitation code, then verified the address: the referral binds (ADR 040). */
export async function refer(friendId: string, code: string) {
  await recordPendingReferral(friendId, code);
  await confirmReferral(friendId);
}
