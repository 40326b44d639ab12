import { StrictMode, useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import type { ExtensionCodeList, ExtensionMoi, ExtensionShop } from "#app/modules/extension/extension-shops";
import { codesText } from "./banner";
import type { ShopAnswer } from "./messages";
import { fetchMoi, fetchShopCodes } from "./site";

/**
 * The popup (issue #40 item 7, ADR 050): the shopper's state on the site (signed in, « Disponible » and
 * « En attente » as on « Mon cashback »), the current tab's partner shop with its rate and codes (masked
 * when signed out, as on the site), and the links to « Mon cashback » and to what the extension reads and sends.
 * The tab's shop is what the content script found there (the popup never reads the tab's address);
 * `?tab=<id>` names the tab when the popup is opened as a page.
 */
interface PopupState {
  moi: ExtensionMoi | null | "loading";
  shop: ExtensionShop | null;
  codes: ExtensionCodeList | null;
}

const link = (path: string) => new URL(path, CREVARDE_URL).href;

async function loadState(): Promise<PopupState> {
  const asked = Number(new URLSearchParams(location.search).get("tab"));
  const tabId = Number.isInteger(asked) && asked > 0 ? asked : (await chrome.tabs.query({ active: true, currentWindow: true }))[0]?.id;
  const [moi, shop] = await Promise.all([fetchMoi(CREVARDE_URL, fetch), tabId === undefined ? null : chrome.runtime.sendMessage<ShopAnswer>({ type: "tab-shop", tabId })]);
  const codes = shop ? await fetchShopCodes(CREVARDE_URL, shop.programId, fetch) : null;
  return { moi, shop: shop ?? null, codes: codes && !("error" in codes) ? codes : null };
}

const section = { margin: "0 0 12px" } as const;

function Popup() {
  const [state, setState] = useState<PopupState>({ moi: "loading", shop: null, codes: null });
  useEffect(() => {
    void loadState().then(setState);
  }, []);
  const { moi, shop, codes } = state;
  return (
    <main style={{ width: 300, padding: 16, font: "14px/1.4 system-ui, sans-serif", color: "#18181b" }}>
      <h1 style={{ fontSize: 18, margin: "0 0 8px" }}>Crevarde</h1>
      {moi === "loading" ? (
        <p style={section}>Chargement…</p>
      ) : moi === null ? (
        <p style={section}>Crevarde ne répond pas : réessaie dans un moment.</p>
      ) : moi.member ? (
        <section aria-label="Mon compte" style={section}>
          <p style={{ margin: "0 0 4px" }}>Ton compte Crevarde : {moi.member.displayName}</p>
          <dl style={{ display: "grid", gridTemplateColumns: "1fr auto", gap: "2px 12px", margin: 0 }}>
            <dt>Disponible</dt>
            <dd style={{ margin: 0, fontWeight: 700 }}>{moi.member.available}</dd>
            <dt>En attente</dt>
            <dd style={{ margin: 0, fontWeight: 700 }}>{moi.member.pending}</dd>
          </dl>
        </section>
      ) : (
        <p style={section}>
          Tu n'as pas de session sur Crevarde.{" "}
          <a href={link("/auth")} target="_blank" rel="noreferrer">
            Me connecter
          </a>
        </p>
      )}
      {shop ? (
        <section aria-label="Boutique" style={section}>
          <h2 style={{ fontSize: 16, margin: "0 0 4px" }}>{shop.name}</h2>
          <p style={{ margin: "0 0 4px", fontWeight: 700 }}>{shop.rateLabel}</p>
          {codes && codes.codes.length > 0 ? (
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {codes.codes.map((c) => (
                <li key={c.id}>
                  <code>{c.code}</code> {c.discount}
                </li>
              ))}
            </ul>
          ) : (
            <p style={{ margin: 0 }}>{codesText(codes ? 0 : shop.liveCodes)}</p>
          )}
          {codes && !codes.signedIn && codes.codes.length > 0 ? <p style={{ margin: "4px 0 0" }}>Connecte-toi pour voir les codes en entier.</p> : null}
        </section>
      ) : (
        <p style={section}>Sur une boutique partenaire, un rappel te propose d'activer ton cashback. Rien ne change sans ton clic.</p>
      )}
      <p style={{ margin: "0 0 8px" }}>
        <a href={link("/mon-cashback")} target="_blank" rel="noreferrer">
          Mon cashback
        </a>
      </p>
      <p style={{ margin: 0 }}>
        <a href={link("/extension")} target="_blank" rel="noreferrer">
          Ce que l'extension lit et envoie
        </a>
      </p>
    </main>
  );
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Popup />
  </StrictMode>,
);
