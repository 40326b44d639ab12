/**
 * Every outbound deal, code and brand link goes through the tracked redirect
 * /kpi (ADR 006). Client-importable.
 */
export interface KpiLink {
  destination: string;
  /** e.g. "deal_click", "promo_code_click", "brand_click" */
  action: string;
  /** human label, e.g. the deal title */
  label?: string;
  /** known ids, recorded with the click */
  dealId?: string;
  promoCodeId?: string;
  brandId?: string;
}

export function kpiHref(link: KpiLink): string {
  const params = new URLSearchParams({ destination: link.destination, action: link.action });
  if (link.label) params.set("label", link.label.slice(0, 200));
  if (link.dealId) params.set("deal", link.dealId);
  if (link.promoCodeId) params.set("code", link.promoCodeId);
  if (link.brandId) params.set("brand", link.brandId);
  return `/kpi?${params.toString()}`;
}
