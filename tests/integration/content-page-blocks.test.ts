import { expect, it } from "vitest";
import { action as contentAction, loader as contentLoader } from "#app/routes/admin/content";
import { action as pageAction } from "#app/routes/admin/pages";
import { loader as aboutLoader } from "#app/routes/apropos";
import { loader as blogLoader } from "#app/routes/blog";
import { loader as slugLoader } from "#app/routes/page.$slug";
import { req, signedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute, formErrors } from "#tests/helpers/route";

describeEachDb("content blocks of the other site pages", () => {
  const saveBlock = (cookie: string, fields: Record<string, string>) =>
    callRoute(contentAction, req("/admin/content", { cookie, form: { intent: "save", type: "text", position: "0", ...fields } }));

  it("shows about, blog, concept-page and admin-page blocks on those pages", async () => {
    const admin = await signedInUser({ role: "admin" });
    const created = await callRoute(pageAction, req("/admin/pages", { cookie: admin.cookie, form: { intent: "save", title: "Soldes d'hiver", slug: "soldes-hiver", content: "<p>Les soldes.</p>" } }));
    expect(created.status).toBe(200);
    for (const [page, name, type, content] of [
      ["about", "about-equipe", "html", "<p>Notre <strong>équipe</strong></p><script>x()</script>"],
      ["blog", "blog-intro", "text", "Le mot de la rédac"],
      ["pourquoi-crevarde", "concept-extra", "text", "Un point de plus"],
      ["soldes-hiver", "soldes-bandeau", "image", "/uploads/bandeau.webp"],
    ]) {
      const saved = await saveBlock(admin.cookie, { page, name, title: `Titre ${name}`, type, content });
      expect(saved.data.toast?.title).toBe("Bloc de contenu créé avec succès");
    }
    const about = await callRoute(aboutLoader, req("/apropos"));
    expect(about.data.blocks).toEqual([
      expect.objectContaining({ name: "about-equipe", title: "Titre about-equipe", type: "html", content: "<p>Notre <strong>équipe</strong></p>" }),
    ]);
    const blog = await callRoute(blogLoader, req("/blog"));
    expect(blog.data.blocks.map((b) => [b.name, b.content])).toEqual([["blog-intro", "Le mot de la rédac"]]);
    const concept = await callRoute(slugLoader, req("/pourquoi-crevarde"), { slug: "pourquoi-crevarde" });
    expect(concept.data.kind).toBe("concept");
    expect(concept.data.blocks.map((b) => b.name)).toEqual(["concept-extra"]);
    const adminPage = await callRoute(slugLoader, req("/soldes-hiver"), { slug: "soldes-hiver" });
    expect(adminPage.data.blocks).toEqual([expect.objectContaining({ name: "soldes-bandeau", type: "image", content: "/uploads/bandeau.webp" })]);
  });

  it("offers only the pages that display blocks, and refuses any other", async () => {
    const admin = await signedInUser({ role: "admin" });
    await callRoute(pageAction, req("/admin/pages", { cookie: admin.cookie, form: { intent: "save", title: "Guide", slug: "guide-cadeaux", content: "<p>Guide.</p>" } }));
    const list = await callRoute(contentLoader, req("/admin/content", { cookie: admin.cookie }));
    expect(list.data.choices.sitePages).toEqual(["home", "about", "pourquoi-crevarde", "blog"]);
    expect(list.data.choices.adminPages).toContain("guide-cadeaux");
    for (const fields of [{ page: "contact" }, { page: "custom", customPage: "nulle-part" }] as Array<Record<string, string>>) {
      const refused = await saveBlock(admin.cookie, { name: "perdu", title: "Perdu", content: "Texte", ...fields });
      expect(refused.status).toBe(400);
      expect(refused.data.toast?.description).toBe(
        "Cette page n'affiche pas de blocs de contenu. Choisissez home, about, pourquoi-crevarde, blog ou le slug d'une page créée dans « Pages ».",
      );
    }
    const json = await saveBlock(admin.cookie, { page: "about", name: "about-json", title: "JSON", type: "json", content: '{"a": 1}' });
    expect(json.status).toBe(400);
    expect(formErrors(json).type).toEqual(["Le type JSON n'est affiché que sur la page Accueil."]);
    // a page created in "Pages" may be chosen, also through the old custom field
    const custom = await saveBlock(admin.cookie, { page: "custom", customPage: "guide-cadeaux", name: "guide-intro", title: "Intro", content: "Bonjour" });
    expect(custom.status).toBe(200);
  });
});
