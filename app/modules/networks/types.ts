import type { NetworkName } from "./networks";

/** The normalised network statuses (ADR 016 §Per-network reference): the conversionStatus machine. */
export type { ConversionStatus } from "#db/states/conversion-status";
import type { ConversionStatus } from "#db/states/conversion-status";

/**
 * One network record, parsed into the shape every network shares
 * (ADR 016). Amounts are exact decimal text as the network sent them
 * ("17.833", "-4.5"), never floats.
 */
export interface NormalisedRecord {
  network: NetworkName;
  /** our publisher account on that network */
  networkAccountId: string;
  /** the advertiser/programme id, when the record names it */
  networkProgramId: string | null;
  /** the network's id for this record (one version of it) */
  recordId: string;
  /** the logical purchase: several records may sum into one conversion (CJ corrections, Rakuten items) */
  conversionKey: string;
  /** our click id, as it came back in the network's sub-id field */
  clickId: string | null;
  orderRef: string | null;
  status: ConversionStatus;
  networkStatusRaw: string;
  networkPaid: boolean;
  /** exact decimal text, or null when the network does not give it */
  saleAmount: string | null;
  /** exact decimal text; negative for corrections and returns */
  commissionAmount: string;
  /** ISO 4217, upper case */
  currency: string;
  transactionAt: Date;
  clickAt: Date | null;
  validatedAt: Date | null;
  lockingAt: Date | null;
  declineReasonRaw: string | null;
  /**
   * When the network last changed this record (Awin amendment/validation
   * date, Impact UpdateDate, CJ postingDate…), when it says: orders two
   * versions of the same status (the later amendment wins). Optional.
   */
  updatedAt?: Date | null;
  /** the record exactly as received (stored in network_records.raw) */
  raw: Record<string, unknown>;
}

/** A record the parser refused, named so an admin can find it ("ligne 4", "enregistrement 2"). */
export interface RejectedRecord {
  at: string;
  message: string;
}

export interface ParseResult {
  records: NormalisedRecord[];
  rejected: RejectedRecord[];
  /** where each record was read, as a rejection would name it ("ligne 3", "enregistrement 2 (id)"): one per record, when the parser says */
  at?: string[];
}

/** Counters of one import (a file, a page, a push). */
export interface ImportResult {
  rows: number;
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: RejectedRecord[];
}
