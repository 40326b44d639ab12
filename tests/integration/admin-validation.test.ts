import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { action as brandAction } from "#app/routes/admin/brands";
import { action as categoryAction } from "#app/routes/admin/categories";
import { action as contentAction } from "#app/routes/admin/content";
import { action as dealAction } from "#app/routes/admin/crevarde-deals";
import { action as offerAction } from "#app/routes/admin/offers";
import { action as pageAction } from "#app/routes/admin/pages";
import { action as promoAction } from "#app/routes/admin/promo-codes";
import { action as settingsAction } from "#app/routes/admin/settings";
import { action as userAction } from "#app/routes/admin/users";
import { req, signedInUser, type SignedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute, type FormAnswer } from "#tests/helpers/route";

/** Every validation message of the admin forms, each answered with a French 400 (or 409) and nothing written. */
describeEachDb("admin validation messages", ({ database }) => {
  let admin: SignedInUser;
  let brandId: string;
  beforeAll(async () => {
    admin = await signedInUser({ role: "admin", email: "validation@example.fr" });
    const [brand] = await database().db.insert(s.brands).values({ name: "Marque Validation", slug: "marque-validation" }).returning();
    brandId = brand.id;
  });
  const save = <H>(action: H, path: string, form: Record<string, string>) => callRoute(action, req(path, { cookie: admin.cookie, form: { intent: "save", ...form } }));
  const firstErrors = (out: { data: unknown }) => Object.fromEntries(Object.entries((out.data as FormAnswer)?.result?.error ?? {}).map(([k, v]) => [k, v?.[0]]));

  const cases: Array<[string, unknown, string, Record<string, string>, Record<string, string>]> = [
    ["promo code: required fields", promoAction, "/admin/promo-codes", {}, { brandId: "La marque est obligatoire.", code: "Le code est obligatoire.", discountAmount: "Le montant de réduction est obligatoire." }],
    ["promo code: date and link", promoAction, "/admin/promo-codes", { brandId: "@", code: "X", discountAmount: "5%", expiresAt: "2030-13-45", url: "ftp://exemple.fr" }, { brandId: "La marque est obligatoire.", expiresAt: "La date d'expiration n'est pas valide.", url: "L'adresse doit commencer par https:// ou /uploads/." }],
    ["offer: required fields", offerAction, "/admin/offers", {}, { brandId: "La marque est obligatoire.", name: "Le nom du produit est obligatoire.", regularPrice: "Le prix est obligatoire." }],
    // no cashback field: an offer's rate comes from its brand's programmes (issue #34), a posted one is no field at all
    ["offer: price", offerAction, "/admin/offers", { brandId: "BRAND", name: "X", regularPrice: " ", cashbackPercent: "150" }, { regularPrice: "Le prix est obligatoire." }],
    ["deal: required fields", dealAction, "/admin/crevarde-deals", {}, { title: "Le titre est obligatoire.", description: "La description est obligatoire.", price: "Le prix est obligatoire.", source: "La source est obligatoire.", badgeText: "Le texte du badge est obligatoire.", url: "Le lien est obligatoire." }],
    ["deal: link", dealAction, "/admin/crevarde-deals", { title: "T", description: "D", price: "1€", source: "temu", badgeText: "Top", url: "javascript:alert(1)" }, { url: "L'adresse doit être une URL complète (https://...)." }],
    ["category: required fields", categoryAction, "/admin/categories", { name: "", slug: "" }, { name: "Le nom de la catégorie est obligatoire.", slug: "Le slug de la catégorie est obligatoire." }],
    ["category: slug format", categoryAction, "/admin/categories", { name: "Soins", slug: "Soins Visage" }, { slug: "Le slug ne peut contenir que des lettres minuscules, des chiffres et des tirets." }],
    ["page: required fields", pageAction, "/admin/pages", { title: "", slug: "", content: "" }, { title: "Le titre de la page est obligatoire.", slug: "Le slug de la page est obligatoire.", content: "Le contenu de la page est obligatoire." }],
    ["page: meta description length", pageAction, "/admin/pages", { title: "T", slug: "t", content: "x", metaDescription: "m".repeat(321) }, { metaDescription: "La meta description ne doit pas dépasser 320 caractères." }],
    ["brand: required fields", brandAction, "/admin/brands", { maxDiscountPercent: "0" }, { name: "Le nom de la marque est obligatoire.", slug: "Le slug de la marque est obligatoire." }],
    // no "max discount" field any more: "Jusqu'à -X %" comes from the brand's live codes and deals (issue #11)
    // nor a cashback field (issue #34): a posted percentage is no field, so no error of its own
    ["brand: image link", brandAction, "/admin/brands", { name: "M", slug: "m", cashbackPercent: "101", imageUrl: "javascript:x" }, { imageUrl: "L'image doit être téléchargée sur le site (/uploads/…) : les images d'autres sites ne s'affichent pas." }],
    ["content block: page name", contentAction, "/admin/content", { name: "n", title: "t", content: "c", page: "custom", customPage: "Page Libre" }, { page: "Le nom de page ne peut contenir que des lettres minuscules, des chiffres et des tirets." }],
    ["content block: missing fields", contentAction, "/admin/content", { page: "custom", customPage: "" }, { "": "Veuillez remplir les champs suivants : Nom, Titre, Contenu, Page" }],
    ["user: role and username", userAction, "/admin/users", { id: "someone", role: "superadmin", username: "x".repeat(41) }, { role: "Le rôle doit être Utilisateur, Éditeur, Finance, Modérateur ou Administrateur.", username: "Le pseudo ne doit pas dépasser 40 caractères." }],
    ["settings: end date", settingsAction, "/admin/settings", { temuEndsAt: "" }, { temuEndsAt: "La date de fin est obligatoire." }],
    ["settings: date and hosts", settingsAction, "/admin/settings", { temuEndsAt: "demain", redirectHosts: "pas un hôte, https://x.fr" }, { temuEndsAt: "La date de fin n'est pas valide.", redirectHosts: "Chaque hôte doit être un nom de domaine (ex. www.exemple.fr), séparé par des virgules." }],
  ];

  it.each(cases)("%s", async (_name, action, path, form, expected) => {
    const auditBefore = await database().db.$count(s.auditLog);
    const out = await save(action, path, Object.fromEntries(Object.entries(form).map(([k, v]) => [k, v === "BRAND" ? brandId : v])));
    expect(out.status).toBe(400);
    expect((out.data as { ok?: boolean }).ok).toBe(false);
    expect(firstErrors(out)).toEqual(expected);
    expect(await database().db.$count(s.auditLog)).toBe(auditBefore);
  });

  it("the spec's toasts name the first missing field", async () => {
    expect((await save(categoryAction, "/admin/categories", { name: "", slug: "" })).data.toast).toMatchObject({ title: "Champ requis", description: "Le nom de la catégorie est obligatoire." });
    expect((await save(categoryAction, "/admin/categories", { name: "Soins", slug: "" })).data.toast).toMatchObject({ title: "Champ requis", description: "Le slug de la catégorie est obligatoire." });
    expect((await save(pageAction, "/admin/pages", { title: "T", slug: "t", content: " " })).data.toast).toMatchObject({ title: "Champ requis", description: "Le contenu de la page est obligatoire." });
    expect((await save(contentAction, "/admin/content", { name: "n", title: "", content: "c", page: "home" })).data.toast).toMatchObject({ title: "Champs requis", description: "Veuillez remplir les champs suivants : Titre" });
    expect((await save(userAction, "/admin/users", { id: "someone", role: "chef" })).data.toast).toMatchObject({ title: "Erreur", description: "Impossible de mettre à jour l'utilisateur." });
    expect((await save(settingsAction, "/admin/settings", { temuEndsAt: "x" })).data.toast).toMatchObject({ title: "Erreur", description: "Certains paramètres ne sont pas valides." });
  });

  it("the only admin can neither demote nor delete themselves, so an admin always remains", async () => {
    expect(await database().db.$count(s.user, eq(s.user.role, "admin"))).toBe(1);
    const demote = await save(userAction, "/admin/users", { id: admin.id, role: "user" });
    expect(demote.status).toBe(409);
    expect(demote.data.toast?.description).toBe("Vous ne pouvez pas retirer votre propre rôle d'administrateur.");
    const del = await callRoute(userAction, req("/admin/users", { cookie: admin.cookie, form: { intent: "delete", id: admin.id } }));
    expect(del.status).toBe(409);
    expect(del.data.toast?.description).toBe("Vous ne pouvez pas supprimer votre propre compte depuis l'administration.");
  });
});
