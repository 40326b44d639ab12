import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Button } from "./button";

describe("Button", () => {
  it("renders a button with its variant's classes", () => {
    const html = renderToStaticMarkup(
      <Button type="submit" variant="outline" size="sm">
        Envoyer
      </Button>,
    );
    expect(html).toMatch(/^<button class="[^"]*border-neutral-300[^"]*min-h-9[^"]*" type="submit">Envoyer<\/button>$/);
  });

  it("asChild styles its child instead of wrapping it, merging classes and keeping the child's props", () => {
    const html = renderToStaticMarkup(
      <Button asChild size="lg" className="mt-8" aria-label="Accueil">
        <a href="/" className="w-full">
          Retour
        </a>
      </Button>,
    );
    expect(html).not.toContain("<button");
    expect(html).toMatch(/^<a href="\/" class="[^"]*min-h-12[^"]*mt-8[^"]*w-full" aria-label="Accueil">Retour<\/a>$/);
  });

  it("merges conflicting classes, the caller's last", () => {
    const html = renderToStaticMarkup(
      <Button asChild className="px-2">
        <a href="/x">x</a>
      </Button>,
    );
    expect(html).toContain("px-2");
    expect(html).not.toContain("px-5");
  });
});
