import { StrictMode } from "react";
import { createRoot } from "react-dom/client";

/** The popup (issue #40 item 7, to come: balances and the current shop): for now, where the site is. */
function Popup() {
  const link = (path: string) => new URL(path, CREVARDE_URL).href;
  return (
    <main style={{ width: 280, padding: 16, font: "14px/1.4 system-ui, sans-serif" }}>
      <h1 style={{ fontSize: 18, margin: "0 0 8px" }}>Crevarde</h1>
      <p style={{ margin: "0 0 12px" }}>Sur une boutique partenaire, un rappel te propose d'activer ton cashback. Rien ne change sans ton clic.</p>
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
