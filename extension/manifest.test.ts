import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { extensionManifest } from "./manifest";

describe("the extension's manifest (ADR 050 §Permissions)", () => {
  it("asks for storage and the site's host only, whatever the site's port", () => {
    const manifest = extensionManifest("http://127.0.0.1:3220", "0.1.0");
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.permissions).toEqual(["storage"]);
    expect(manifest.host_permissions).toEqual(["http://127.0.0.1/*"]);
    expect(Object.keys(manifest)).not.toContain("optional_permissions");
    expect(extensionManifest("https://www.crevarde.fr", "1.0.0").host_permissions).toEqual(["https://www.crevarde.fr/*"]);
  });

  it("runs its content script on web pages only, in the top frame, once the page is loaded", () => {
    expect(extensionManifest("https://www.crevarde.fr", "1.0.0").content_scripts).toEqual([{ matches: ["https://*/*", "http://*/*"], js: ["content.js"], run_at: "document_idle" }]);
  });

  it("has the store listing's short description, within the stores' 132 characters", () => {
    const { description } = extensionManifest("https://www.crevarde.fr", "1.0.0");
    expect(description.length).toBeLessThanOrEqual(132);
    expect(fs.readFileSync(path.join(import.meta.dirname, "store-listing.fr.md"), "utf8")).toContain(`\n${description}\n`);
  });

  it("carries Firefox's settings", () => {
    expect(extensionManifest("https://www.crevarde.fr", "1.0.0").browser_specific_settings.gecko.id).toBe("extension@crevarde.fr");
  });
});
