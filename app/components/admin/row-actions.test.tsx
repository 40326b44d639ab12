import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { RowActions } from "./resource-list";

/** The row's actions as rendered in a list (the delete button needs a router for its form). */
function render(actions: React.ReactNode) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <>{actions}</> }]);
  const html = renderToStaticMarkup(<Stub initialEntries={["/"]} />);
  return [...html.matchAll(/aria-label="([^"]+)"/g)].map((m) => m[1]);
}

describe("RowActions", () => {
  it("names « Modifier », « Dupliquer » and « Supprimer » after the row, in that order", () => {
    const labels = render(<RowActions label="BEAUTE15" onEdit={() => {}} onDuplicate={() => {}} remove={{ id: "1", confirmText: "Supprimer ?" }} />);
    expect(labels).toEqual(["Modifier BEAUTE15", "Dupliquer BEAUTE15", "Supprimer BEAUTE15"]);
  });

  it("leaves out what the row may not do, and puts extra actions first", () => {
    expect(render(<RowActions label="moi@example.fr" onEdit={() => {}} remove={null} />)).toEqual(["Modifier moi@example.fr"]);
    const labels = render(
      <RowActions label="CGV" onEdit={() => {}} onDuplicate={() => {}}>
        <a href="/legal/cgv" aria-label="Voir CGV">
          CGV
        </a>
      </RowActions>,
    );
    expect(labels).toEqual(["Voir CGV", "Modifier CGV", "Dupliquer CGV"]);
  });
});
