/** Display name rule (the product spec's): username, else e-mail local part, else "Utilisateur". */
export function displayName(user: { username?: string | null; email?: string | null } | null): string {
  const username = user?.username?.trim();
  if (username) return username;
  const local = user?.email?.split("@")[0]?.trim();
  return local || "Utilisateur";
}

/** Avatar initials: the first two letters of the display name, in capitals. */
export function initials(name: string, fallback = "U"): string {
  const letters = Array.from(name.trim()).slice(0, 2).join("");
  return (letters || fallback).toUpperCase();
}
