import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RichTextField } from "./rich-text-field";

describe("RichTextField without JavaScript", () => {
  it("renders the plain textarea that the form submits (the editor only loads in the browser)", () => {
    const html = renderToString(<RichTextField id="content" name="content" label="Contenu" defaultValue="<p>Bonjour <strong>toi</strong></p>" />);
    expect(html).toMatch(/^<textarea[^>]*id="content"[^>]*name="content"/);
    expect(html).toContain("&lt;p&gt;Bonjour &lt;strong&gt;toi&lt;/strong&gt;&lt;/p&gt;");
    expect(html).not.toContain("contenteditable");
  });
});
