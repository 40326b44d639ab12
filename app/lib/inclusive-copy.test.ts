/**
 * Issue #34 item 12: the shopper is addressed in words that fit everyone. This lint fails when a
 * feminine-only form of the list below comes back in the interface copy (app/, e-mails included) or
 * in the demo seed: reword instead (« Connexion réussie », « Invite tes proches »), rather than
 * « connecté·e ». A line that quotes such a text on purpose (an earlier seeded text recognised to
 * be replaced) ends with the comment `copy-lint: earlier text`.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Feminine-only forms addressed to the shopper (or naming shoppers as women only), each with the reason. */
const FEMININE_ONLY: Array<[RegExp, string]> = [
  [/\btu (?:es|étais|seras|serais|restes|sois)\s+(?:\p{L}+\s+)?\p{L}+(?:ée|ées|ite|ites|ise|euse|ière|ive|ète|ue|ie)\b/iu, "an adjective agreed in the feminine to « tu »"],
  [/\bt'es\s+(?:\p{L}+\s+)?\p{L}+(?:ée|ite|ise)\b/iu, "a participle agreed in the feminine to « tu »"],
  [/\b(?:dé)?connectées?\b/iu, "« connectée »"],
  [/\b(?:non |dés)?inscrites?\b/iu, "« inscrite »"],
  [/\b(?:une|ton|ta|tes|l'|d'|chaque|aucune|des) ?amies?\b/iu, "« amie » (say « tes proches », « la personne invitée »)"],
  [/\bcopines?\b/iu, "« copine »"],
  [/\bune crevarde\b/iu, "« une crevarde » addressed to the shopper"],
  [/\bcrevardes\b/iu, "« les crevardes » for the members"],
  [/\b(?:prévenue|invitée|parrainée|abonnée|désabonnée|ravie|prête|sûre|surprise|convaincue)\b/iu, "a feminine participle or adjective about the shopper"],
  [/(?<!\p{L})(?:être|rester|te sentir|te trouver)\s+(?:\p{L}+\s+)?(?:mignonne|belle|jolie|coquette|élégante|parfaite|heureuse|fière)s?\b/iu, "a feminine adjective about the shopper after « être », « rester »…"],
  [/\bacheteuses\b|\bchasseuses de bons plans\b|\bmembres? inscrites\b/iu, "shoppers named as women only"],
  [/\bElles sont devenues\b/u, "members named as women only"],
];

/** Words that look like the list but are not about a person. */
const ALLOWED = [/cadeau surprise/giu, /personnes? invitées?/giu];

const SOURCE = /\.(?:ts|tsx)$/;
const NOT_COPY = /\.(?:test|spec)\.(?:ts|tsx)$/;

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "+types" ? [] : files(p);
    return SOURCE.test(e.name) && !NOT_COPY.test(e.name) ? [p] : [];
  });
}

/** The feminine-only forms of one line of source, with their reason. */
function feminineOnly(line: string): string[] {
  if (line.includes("copy-lint: earlier text")) return [];
  let text = line;
  for (const a of ALLOWED) text = text.replace(a, "");
  return FEMININE_ONLY.filter(([re]) => re.test(text)).map(([, why]) => why);
}

describe("copy addressed to everyone (issue #34 item 12)", () => {
  it("finds the forms it looks for, and leaves neutral rewordings alone", () => {
    for (const bad of ["Tu es connectée en tant que x", "Invite une amie", "fais profiter tes copines", "Non inscrite", "Deviens une crevarde", "Rejoins les crevardes", "tu t'es inscrite", "pour être prévenue du lancement", "Tu seras surprise", "Tu es déjà prête ?", "surtout pour être mignonne en visio", "pour te sentir belle"]) {
      expect(feminineOnly(bad), bad).not.toEqual([]);
    }
    for (const ok of ["Connexion réussie", "Invite tes proches", "Session ouverte avec le compte x", "Abonnement actif", "Rejoins le club", "Un cadeau surprise glissé dans ta commande.", "la personne invitée", "Tu es sur la bonne page", "Crevarde", "La Vie est Belle, eau de parfum 50 ml", "surtout pour faire sourire en visio"]) {
      expect(feminineOnly(ok), ok).toEqual([]);
    }
  });

  it("no feminine-only form in app/ (the demo seed in app/seed/ too)", () => {
    const found: string[] = [];
    const swept = files("app");
    expect(swept).toEqual(expect.arrayContaining([path.join("app", "routes", "search.tsx"), path.join("app", "seed", "data", "help.ts")]));
    for (const file of swept) {
      fs.readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, i) => {
          for (const why of feminineOnly(line)) found.push(`${file}:${i + 1}: ${why}: ${line.trim().slice(0, 140)}`);
        });
    }
    expect(found).toEqual([]);
  });
});
