import type { Toast } from "#app/lib/toast.server";

/**
 * The toast a redirect flashes (`redirectWithToast`), read back from its
 * Set-Cookie: the session cookie is base64 JSON, then a signature.
 */
export function flashedToast(headers: Headers): Toast | null {
  const match = /cr_toast=([^;]+)/.exec(headers.get("set-cookie") ?? "");
  if (!match) return null;
  const value = decodeURIComponent(match[1]);
  const payload = value.slice(0, value.lastIndexOf("."));
  const data = JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as Record<string, unknown>;
  return (data.__flash_toast__ as Toast | undefined) ?? null;
}
