import { createCookieSessionStorage, redirect } from "react-router";
import { z } from "zod";
import { getEnv } from "./env.server";
import { remember } from "./remember.server";

const toastSchema = z.object({
  title: z.string(),
  description: z.string().optional(),
  type: z.enum(["success", "error", "info"]).default("success"),
});
export type Toast = z.input<typeof toastSchema>;

const TOAST_KEY = "toast";

type ToastStorage = ReturnType<typeof createCookieSessionStorage<Record<string, unknown>, { toast: z.output<typeof toastSchema> }>>;
function toastStorage(): ToastStorage {
  return remember("toast-storage", () => {
    const env = getEnv();
    return createCookieSessionStorage<Record<string, unknown>, { toast: z.output<typeof toastSchema> }>({
      cookie: {
        name: "cr_toast",
        sameSite: "lax",
        path: "/",
        httpOnly: true,
        secrets: [env.SESSION_SECRET],
        secure: env.SITE_URL.startsWith("https://"),
      },
    });
  });
}

/** A Set-Cookie header that shows `toast` on the next page render. */
export async function createToastHeaders(toast: Toast): Promise<Headers> {
  const session = await toastStorage().getSession();
  session.flash(TOAST_KEY, toastSchema.parse(toast));
  return new Headers({ "Set-Cookie": await toastStorage().commitSession(session) });
}

export async function redirectWithToast(url: string, toast: Toast, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  const toastHeaders = await createToastHeaders(toast);
  for (const [k, v] of toastHeaders) headers.append(k, v);
  return redirect(url, { ...init, headers });
}

/** Read (and consume) the flashed toast. */
export async function getToast(request: Request) {
  const session = await toastStorage().getSession(request.headers.get("cookie"));
  const parsed = toastSchema.safeParse(session.get(TOAST_KEY));
  return {
    toast: parsed.success ? parsed.data : null,
    headers: parsed.success
      ? new Headers({ "Set-Cookie": await toastStorage().destroySession(session) })
      : null,
  };
}

export function combineHeaders(...all: Array<Headers | ResponseInit["headers"] | null | undefined>) {
  const combined = new Headers();
  for (const h of all) {
    if (!h) continue;
    for (const [k, v] of new Headers(h)) combined.append(k, v);
  }
  return combined;
}
