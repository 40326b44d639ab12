import type { NETWORKS } from "#db/constants-cashback";

/** The demo brand that has a programme on every network (issue #12 item 8). */
export const DEMO_PROGRAM_BRAND_SLUG = "nuxe";

interface RateSeed {
  label: string;
  /** the network's rate: a percent of the basket ("10.00") or a fixed amount in cents */
  displayPercent?: string;
  displayFixedCents?: number;
  commissionGroupCode?: string;
  /** days before the seed time when the rate started, and when it ended (null: still valid) */
  fromDaysAgo: number;
  toDaysAgo: number | null;
}

export interface ProgramSeed {
  network: (typeof NETWORKS)[number];
  networkAccountId: string;
  networkProgramId: string;
  /** {CLICK_ID} sits in the network's sub-id parameter (networks.ts SUB_ID_PARAM, ADR 016 §Per-network reference) */
  trackingUrlTemplate: string;
  cookieDays: number;
  declaredValidationDays: number;
  conditionsMd: string;
  rates: RateSeed[];
}

const CONDITIONS =
  "Cashback calculé sur le montant hors TVA et hors frais de port, avant codes promo.\n\n- Non cumulable avec un autre site de cashback ou de codes promo\n- Commandes annulées ou retournées exclues";

/**
 * Nuxe on the eight networks, member share 70 % (the default): ids and links
 * are made up but shaped like each network's real tracking links. Each has a
 * rate history: an older rate that ended 20 days ago, then the current ones.
 */
export const DEMO_PROGRAMS: ProgramSeed[] = [
  {
    network: "awin",
    networkAccountId: "987654",
    networkProgramId: "12345",
    trackingUrlTemplate: "https://www.awin1.com/cread.php?awinmid=12345&awinaffid=987654&clickref={CLICK_ID}&ued={DEST}",
    cookieDays: 30,
    declaredValidationDays: 60,
    conditionsMd: CONDITIONS,
    rates: [
      { label: "Tous les achats", displayPercent: "8.00", commissionGroupCode: "DEFAULT", fromDaysAgo: 120, toDaysAgo: 20 },
      { label: "Tous les achats", displayPercent: "10.00", commissionGroupCode: "DEFAULT", fromDaysAgo: 20, toDaysAgo: null },
      { label: "Nouveaux clients", displayPercent: "6.00", commissionGroupCode: "NEWCUST", fromDaysAgo: 120, toDaysAgo: null },
    ],
  },
  {
    network: "effiliation",
    networkAccountId: "445566",
    networkProgramId: "22345678",
    trackingUrlTemplate: "https://track.effiliation.com/servlet/effi.redir?id_compteur=22345678&effi_id={CLICK_ID}&url={DEST}",
    cookieDays: 30,
    declaredValidationDays: 45,
    conditionsMd: CONDITIONS,
    rates: [
      { label: "Tous les achats", displayPercent: "7.00", fromDaysAgo: 90, toDaysAgo: 20 },
      { label: "Tous les achats", displayPercent: "8.00", fromDaysAgo: 20, toDaysAgo: null },
    ],
  },
  {
    network: "kwanko",
    networkAccountId: "S5F2B1",
    networkProgramId: "P4F2C3597A1211",
    trackingUrlTemplate: "https://action.metaffiliation.com/trk.php?mclic=P4F2C3597A1211&argsite={CLICK_ID}&redir={DEST}",
    cookieDays: 30,
    declaredValidationDays: 60,
    conditionsMd: CONDITIONS,
    rates: [
      { label: "Tous les achats", displayPercent: "9.00", fromDaysAgo: 90, toDaysAgo: 20 },
      { label: "Tous les achats", displayPercent: "7.50", fromDaysAgo: 20, toDaysAgo: null },
    ],
  },
  {
    network: "cj",
    networkAccountId: "7654321",
    networkProgramId: "5551234",
    trackingUrlTemplate: "https://www.anrdoezrs.net/click-7654321-13579246?sid={CLICK_ID}&url={DEST}",
    cookieDays: 45,
    declaredValidationDays: 90,
    conditionsMd: CONDITIONS,
    rates: [
      { label: "Tous les achats", displayPercent: "6.00", fromDaysAgo: 60, toDaysAgo: 20 },
      { label: "Tous les achats", displayPercent: "8.50", fromDaysAgo: 20, toDaysAgo: null },
    ],
  },
  {
    network: "tradedoubler",
    networkAccountId: "3216549",
    networkProgramId: "310234",
    trackingUrlTemplate: "https://clk.tradedoubler.com/click?p=310234&a=3216549&g=24681357&epi={CLICK_ID}&url={DEST}",
    cookieDays: 30,
    declaredValidationDays: 60,
    conditionsMd: CONDITIONS,
    rates: [
      { label: "Tous les achats", displayPercent: "5.00", fromDaysAgo: 60, toDaysAgo: 20 },
      { label: "Tous les achats", displayPercent: "6.00", fromDaysAgo: 20, toDaysAgo: null },
    ],
  },
  {
    network: "impact",
    networkAccountId: "IRa1b2C3d4E5f61234567",
    networkProgramId: "14321",
    trackingUrlTemplate: "https://nuxe.sjv.io/c/1234567/765432/14321?subId1={CLICK_ID}&u={DEST}",
    cookieDays: 30,
    declaredValidationDays: 45,
    conditionsMd: CONDITIONS,
    rates: [
      { label: "Tous les achats", displayPercent: "8.00", fromDaysAgo: 60, toDaysAgo: 20 },
      { label: "Tous les achats", displayPercent: "9.00", fromDaysAgo: 20, toDaysAgo: null },
    ],
  },
  {
    network: "rakuten",
    networkAccountId: "AbCdEfGh123",
    networkProgramId: "44556",
    trackingUrlTemplate: "https://click.linksynergy.com/deeplink?id=AbCdEfGh123&mid=44556&u1={CLICK_ID}&murl={DEST}",
    cookieDays: 7,
    declaredValidationDays: 90,
    conditionsMd: CONDITIONS,
    rates: [
      { label: "Tous les achats", displayPercent: "4.00", fromDaysAgo: 60, toDaysAgo: 20 },
      { label: "Tous les achats", displayPercent: "5.00", fromDaysAgo: 20, toDaysAgo: null },
    ],
  },
  {
    network: "timeone",
    networkAccountId: "43210",
    networkProgramId: "5678",
    // TimeOne's sub-id parameter is not documented (SUB_ID_PARAM null): its deep-link template says where
    trackingUrlTemplate: "https://tracking.publicidees.com/clic.php?progid=5678&partid=43210&dpl={DEST}&subid={CLICK_ID}",
    cookieDays: 30,
    declaredValidationDays: 60,
    conditionsMd: CONDITIONS,
    rates: [
      { label: "Tous les achats", displayPercent: "6.00", fromDaysAgo: 60, toDaysAgo: 20 },
      { label: "Tous les achats", displayPercent: "7.00", fromDaysAgo: 20, toDaysAgo: null },
      { label: "Première commande", displayFixedCents: 500, fromDaysAgo: 60, toDaysAgo: null },
    ],
  },
];

/**
 * A second demo brand with one programme carrying a running boost (issue #34 item 6): 8 % × 70 % = 5,6 %
 * usually, boosted to a 100 % member share (8 %) from 2 days before the seed time until 5 days after it,
 * so a fresh demo shows « Cashback boosté : 8 % au lieu de 5,6 % jusqu'au … ».
 */
export const DEMO_BOOSTED_PROGRAM = {
  brandSlug: "kerastase",
  boost: { shareBps: 10_000, startedDaysAgo: 2, endsInDays: 5 },
  program: {
    network: "awin",
    networkAccountId: "987654",
    networkProgramId: "67890",
    trackingUrlTemplate: "https://www.awin1.com/cread.php?awinmid=67890&awinaffid=987654&clickref={CLICK_ID}&ued={DEST}",
    cookieDays: 30,
    declaredValidationDays: 60,
    conditionsMd: CONDITIONS,
    rates: [{ label: "Tous les achats", displayPercent: "8.00", commissionGroupCode: "DEFAULT", fromDaysAgo: 60, toDaysAgo: null }],
  } satisfies ProgramSeed,
};
