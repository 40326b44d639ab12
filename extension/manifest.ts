/**
 * The extension's manifest (Manifest V3, ADR 050 §Permissions): `storage` only, and the site's host
 * so the service worker may ask it for the partner shops without CORS. The content script runs on
 * every http(s) page because matching is local (no address is ever sent to learn whether a page is a
 * shop's); it adds nothing anywhere else. Firefox reads `browser_specific_settings` and
 * `background.scripts`; Chromium the `service_worker`.
 */
export function extensionManifest(siteUrl: string, version: string) {
  const site = new URL(siteUrl);
  return {
    manifest_version: 3,
    name: "Crevarde",
    version,
    description: "Le rappel du cashback Crevarde sur les boutiques partenaires, activé seulement sur ton clic.",
    permissions: ["storage"],
    // match patterns carry no port: the site's host, whatever its port (a development server's)
    host_permissions: [`${site.protocol}//${site.hostname}/*`],
    background: { service_worker: "background.js", scripts: ["background.js"] },
    content_scripts: [{ matches: ["https://*/*", "http://*/*"], js: ["content.js"], run_at: "document_idle" }],
    action: { default_title: "Crevarde", default_popup: "popup.html" },
    browser_specific_settings: { gecko: { id: "extension@crevarde.fr", strict_min_version: "121.0" } },
  };
}
