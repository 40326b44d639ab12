import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

/**
 * Every URL of the site (the product spec's routes, and the ones the issues added).
 * Route modules stay thin; domain logic lives in app/modules/.
 */
export default [
  // Resource routes (no UI)
  route("api/auth/*", "routes/api.auth.ts"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("analytics", "routes/analytics.ts"),
  route("newsletter", "routes/newsletter.ts"),
  route("consent", "routes/consent.ts"),
  route("profile/export", "routes/profile.export.ts"),
  route("newsletter/desinscription", "routes/newsletter.unsubscribe.tsx"),
  route("newsletter/confirmation", "routes/newsletter.confirm.tsx"),
  // One-click pause of a deal alert from its e-mail (issue #15 item 7)
  route("alertes/desactiver", "routes/alerts.unsubscribe.tsx"),
  // One-click pause of a price alert from its e-mail (issue #39 item 5)
  route("alertes/prix/desactiver", "routes/price-alerts.unsubscribe.tsx"),
  // Cashback: tracked click-out (issue #12) and network push endpoints (secret path per network)
  route("cashback/activer/:programId", "routes/cashback.activate.ts"),
  route("api/networks/:network/push/:secret", "routes/api.network-push.ts"),
  // Search suggestions of the header's combobox (issue #14)
  route("recherche/suggestions", "routes/search.suggestions.ts"),
  // a signed-in member's own state on the shared public pages, fetched after hydration (issue #38, ADR 048)
  route("api/moi", "routes/api.moi.ts"),
  // the partner shops the browser extension matches locally (issue #40 item 2, ADR 050)
  route("api/extension/marchands", "routes/api.extension.marchands.ts"),
  // a shop's codes, a code's result at checkout, the popup's member (issue #40 items 6 and 7, ADR 050)
  route("api/extension/marchands/:programId/codes", "routes/api.extension.marchands.$programId.codes.ts"),
  route("api/extension/codes/:id/resultat", "routes/api.extension.codes.$id.resultat.ts"),
  route("api/extension/moi", "routes/api.extension.moi.ts"),

  // Outside the public layout
  route("auth", "routes/auth.tsx"),
  route("auth/reset-password", "routes/auth.reset-password.tsx"),
  // the e-mailed one-time sign-in link of a locked-out owner (issue #35 item 12, ADR 043)
  route("auth/sign-in-link", "routes/auth.sign-in-link.tsx"),
  route("auth/logout", "routes/auth.logout.ts"),
  // two addresses of the sign-up tab (kept from the product spec): both redirect to /auth?tab=signup
  route("signup", "routes/inscription.tsx", { id: "signup" }),
  route("inscription", "routes/inscription.tsx"),
  route("email-test", "routes/email-test.tsx"),
  route("kpi", "routes/kpi.tsx"),

  // Public layout (header + footer)
  layout("routes/_public.tsx", [
    index("routes/home.tsx"),
    route("coup-de-crevarde", "routes/coup-de-crevarde.tsx", { id: "deals" }),
    route("coups-de-crevarde", "routes/coup-de-crevarde.tsx", { id: "deals-alias" }),
    route("coup-de-crevarde/proposer", "routes/coup-de-crevarde.proposer.tsx"),
    route("coup-de-crevarde/:id", "routes/coup-de-crevarde.$id.tsx"),
    // after signing in from « Activer le cashback »: a page of ours, then on to the activation (issue #34 item 2)
    route("cashback/activer/:programId/suite", "routes/cashback.activate.continue.tsx"),
    route("codes-promo", "routes/codes-promo.tsx"),
    route("pourquoi", "routes/pourquoi.tsx"),
    route("marques", "routes/brands.tsx"),
    route("marques/:id", "routes/brands.$id.tsx"),
    // an offer's page: its price history and « Préviens-moi sous … » (issue #39 items 4 and 5, ADR 049)
    route("offres/:id", "routes/offers.$id.tsx"),
    route("categories", "routes/categories.tsx"),
    route("categories/:slug", "routes/categories.$slug.tsx"),
    route("blog", "routes/blog.tsx"),
    route("blog/:id", "routes/blog.$id.tsx"),
    route("temu", "routes/temu.tsx"),
    route("apropos", "routes/apropos.tsx"),
    // what the browser extension reads and sends (issue #40 item 9, ADR 050)
    route("extension", "routes/extension.tsx"),
    route("deals", "routes/deals.tsx"),
    route("mes-deals", "routes/mes-deals.tsx"),
    route("mes-alertes", "routes/mes-alertes.tsx"),
    route("invite", "routes/invite.tsx"),
    route("profile", "routes/profile.tsx"),
    route("mon-cashback", "routes/mon-cashback.tsx"),
    route("mon-cashback/coordonnees-bancaires", "routes/mon-cashback.coordonnees-bancaires.tsx"),
    route("mon-cashback/reclamation", "routes/mon-cashback.reclamation.tsx"),
    route("legal/:slug", "routes/legal.$slug.tsx"),
    route("recherche", "routes/search.tsx"),
    route("signaler-un-contenu", "routes/notice.tsx"),
    // help centre and contact form (issue #34 item 7, ADR 041)
    route("aide", "routes/help.tsx"),
    route("aide/:slug", "routes/help.$slug.tsx"),
    route("contact", "routes/contact.tsx"),
    // a member's public page (issue #15 item 9)
    route("membres/:pseudo", "routes/members.$pseudo.tsx"),
    // /pourquoi-{product} (concept page) and admin-managed pages at /{slug}
    route(":slug", "routes/page.$slug.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),

  // Back office
  ...prefix("admin", [
    layout("routes/admin/_layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("promo-codes", "routes/admin/promo-codes.tsx"),
      route("offers", "routes/admin/offers.tsx"),
      route("crevarde-deals", "routes/admin/crevarde-deals.tsx"),
      route("categories", "routes/admin/categories.tsx"),
      route("brands", "routes/admin/brands.tsx"),
      route("content", "routes/admin/content.tsx"),
      route("pages", "routes/admin/pages.tsx"),
      route("blog", "routes/admin/blog.tsx"),
      route("users", "routes/admin/users.tsx"),
      route("programmes", "routes/admin/programmes.tsx"),
      route("conversions", "routes/admin/conversions.tsx"),
      route("paiements", "routes/admin/paiements.tsx"),
      route("tresorerie", "routes/admin/tresorerie.tsx"),
      route("parrainages", "routes/admin/parrainages.tsx"),
      route("settings", "routes/admin/settings.tsx"),
      route("upload", "routes/admin/upload.ts"),
      route("paiements/lots/:batchId", "routes/admin/paiements.lots.ts"),
      route("reclamations", "routes/admin/reclamations.tsx"),
      route("reclamations/export/:network", "routes/admin/reclamations.export.ts"),
      route("reclamations/:claimId/justificatif", "routes/admin/reclamations.justificatif.ts"),
      route("moderation", "routes/admin/moderation.tsx"),
      route("aide", "routes/admin/aide.tsx"),
      route("contact", "routes/admin/contact.tsx"),
      route("historique", "routes/admin/historique.tsx"),
      route("prix", "routes/admin/prix.tsx"),
      route("prix/import", "routes/admin/prix.import.tsx"),
      // CSV export and import of the catalogue lists (ADR 029): the lists of csv-entities.server.ts
      route(":list/export", "routes/admin/csv.export.ts"),
      route(":list/import", "routes/admin/csv.import.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
