/**
 * Open-redirect guard for /kpi (OWASP ASVS V5.1.5): a destination must be an
 * absolute http(s) URL without credentials whose host is in the allow-list.
 * Returns the normalised URL, or null when refused.
 */
const hasControlChars = (v: string) => Array.from(v).some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

export function validateDestination(raw: string | null | undefined, allowedHosts: ReadonlySet<string>): string | null {
  if (!raw || raw.length > 2048) return null;
  const value = raw.trim();
  // only absolute http(s) URLs: no scheme-relative (//host), no backslash tricks
  if (!/^https?:\/\//i.test(value) || /[\\\s]/.test(value) || hasControlChars(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username || url.password) return null;
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (!allowedHosts.has(host)) return null;
  // the allow-listed host itself ("www.temu.com." is the same host written as a rooted name)
  url.hostname = host;
  return url.toString();
}

/** Host of a URL, lowercased, or null. */
export function hostOf(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return url.hostname.toLowerCase().replace(/\.$/, "");
  } catch {
    return null;
  }
}
