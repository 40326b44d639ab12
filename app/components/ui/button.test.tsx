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

  it("sets one text size per size, never a base one that lg's would meet", () => {
    const html = renderToStaticMarkup(<Button size="lg">x</Button>);
    expect(html).toContain("text-base");
    expect(html).not.toContain("text-sm");
  });
});
