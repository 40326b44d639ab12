/**
 * The byline of a blog article. An author is usually a name ("Margaux, rédactrice beauté")
 * and reads "Par Margaux, rédactrice beauté"; an author field that is already a credit
 * phrase, i.e. holds the word "par" ("Propos recueillis par Margaux", "Écrit par…",
 * "Par l'équipe"), is shown as it is, with its first letter capitalised.
 */
export function byline(author: string): string {
  const text = author.trim().replace(/\s+/g, " ");
  if (!text) return "";
  if (/(^|[\s'’])par(\s|$)/i.test(text)) return text.charAt(0).toLocaleUpperCase("fr-FR") + text.slice(1);
  return `Par ${text}`;
}
