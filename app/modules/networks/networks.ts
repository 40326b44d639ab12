import { NETWORKS } from "#db/constants-cashback";

export { NETWORKS };
export type NetworkName = (typeof NETWORKS)[number];

/** How each network is named in the back office. */
export const NETWORK_LABELS: Record<NetworkName, string> = {
  awin: "Awin",
  effiliation: "Effiliation",
  kwanko: "Kwanko",
  cj: "CJ",
  tradedoubler: "Tradedoubler",
  impact: "Impact",
  rakuten: "Rakuten Advertising",
  timeone: "TimeOne",
};

/**
 * The tracking-link parameter that carries our click id back in the
 * network's reports (issue #12 item 2, ADR 016 §Per-network reference). TimeOne's is not
 * documented: its programmes put {CLICK_ID} where their deep-link template says.
 */
export const SUB_ID_PARAM: Record<NetworkName, string | null> = {
  awin: "clickref",
  effiliation: "effi_id",
  kwanko: "argsite",
  cj: "sid",
  tradedoubler: "epi",
  impact: "subId1",
  rakuten: "u1",
  timeone: null,
};

export function isNetwork(value: unknown): value is NetworkName {
  return typeof value === "string" && (NETWORKS as readonly string[]).includes(value);
}
