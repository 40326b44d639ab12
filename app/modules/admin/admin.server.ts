import { bulkIdsSchema } from "./list-query";
import { idSchema } from "./form-helpers";
import type { BulkResult } from "./bulk.server";
import { data } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import { PG_ERROR, pgErrorCode, pgErrorConstraint } from "#app/lib/db-errors.server";
import { isDomainError } from "#app/lib/errors";
import { countOf } from "#app/lib/plural";
import { logger } from "#app/lib/logger.server";
import type { AdminLoadErrorData } from "./load-errors";
import type { ConflictData } from "./conflict";
import { isEditConflict, type AdminEdit } from "./versioned.server";
import { submittedVersion } from "./conflict";

export interface AdminToast {
  title: string;
  description?: string;
  type: "success" | "error" | "info";
}

export interface AdminActionData {
  ok: boolean;
  intent: string;
  toast: AdminToast | null;
  result?: SubmissionResult<string[]>;
  /** A 409 edit conflict: the row as it is now (see saveAuditedIn). */
  conflict?: ConflictData;
}

export function ok(intent: string, title: string, description?: string) {
  return data<AdminActionData>({ ok: true, intent, toast: { title, description, type: "success" } });
}

export function invalid(intent: string, result: SubmissionResult<string[]>, toast?: Omit<AdminToast, "type">) {
  return data<AdminActionData>(
    { ok: false, intent, result, toast: toast ? { ...toast, type: "error" } : null },
    { status: 400 },
  );
}

export function failure(intent: string, message: string, status = 400) {
  return data<AdminActionData>({ ok: false, intent, toast: { title: "Erreur", description: message, type: "error" } }, { status });
}

/** Map database errors to a French message (unique slugs, missing rows...). */
export function dbErrorMessage(error: unknown, fallback: string): { message: string; status: number } {
  const code = pgErrorCode(error);
  const constraint = pgErrorConstraint(error);
  if (code === PG_ERROR.uniqueViolation) {
    if (constraint === "promo_codes_brand_code_idx") return { message: "Ce code existe déjà pour cette marque.", status: 409 };
    if (constraint?.includes("slug")) return { message: "Ce slug est déjà utilisé.", status: 409 };
    if (constraint?.includes("name")) return { message: "Ce nom est déjà utilisé.", status: 409 };
    return { message: "Cet élément existe déjà.", status: 409 };
  }
  if (code === PG_ERROR.foreignKeyViolation) return { message: "L'élément lié n'existe plus.", status: 409 };
  if (code === PG_ERROR.checkViolation) return { message: "Une valeur est hors des limites autorisées.", status: 400 };
  logger.error({ err: error }, "admin: write failed");
  return { message: fallback, status: 500 };
}

/**
 * Run a write: a domain refusal (DomainError) answers its French message and
 * 4xx; database errors become a French error answer (never a raw 500 page).
 */
export async function guarded(intent: string, fallback: string, fn: () => Promise<Response | ReturnType<typeof ok>>) {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isEditConflict(error)) return data<AdminActionData>({ ok: false, intent, toast: null, conflict: error.conflict }, { status: 409 });
    if (isDomainError(error)) return failure(intent, error.message, error.status);
    const { message, status } = dbErrorMessage(error, fallback);
    return failure(intent, message, status === 500 ? 503 : status);
  }
}

/**
 * An edit form's save: the domain's versioned, audited save (a 409 conflict
 * answered by `guarded`), and the entity's toasts; 404 when the row is gone.
 */
export async function saveIntent<I extends { id?: string }>(
  form: FormData,
  actor: { id: string; email: string },
  input: I,
  save: (input: I, edit: AdminEdit) => Promise<unknown>,
  messages: { error: string; missing?: string; done: (created: boolean) => readonly [title: string, description?: string] },
) {
  return guarded("save", messages.error, async () => {
    const row = await save(input, { actor, version: submittedVersion(form) });
    if (!row) return failure("save", messages.missing ?? messages.error, 404);
    return ok("save", ...messages.done(!input.id));
  });
}

/**
 * A list row's « Supprimer » (intent=delete&id=…): the id checked, the domain's
 * audited delete, and the entity's toasts; 404 when the row is already gone.
 */
export async function deleteIntent<R>(
  form: FormData,
  remove: (id: string) => Promise<R | null>,
  messages: { error: string; missing?: string; done: (row: R) => readonly [title: string, description?: string] },
  /** the row's key as posted (a uuid; a blog article's slug) */
  key: z.ZodType<{ id: string }> = idSchema,
) {
  const parsed = key.safeParse({ id: form.get("id") });
  if (!parsed.success) return failure("delete", messages.error);
  return guarded("delete", messages.error, async () => {
    const row = await remove(parsed.data.id);
    if (!row) return failure("delete", messages.missing ?? messages.error, 404);
    return ok("delete", ...messages.done(row));
  });
}

/**
 * A back-office action made of intents (one zod union on `intent`): parse the
 * form, answer the first French issue as a 400, then run the intent's write
 * through `guarded`.
 */
export async function intentAction<S extends z.ZodType<{ intent: string }>>(
  form: FormData,
  schema: S,
  fallback: string,
  run: (values: z.output<S>) => Promise<Response | ReturnType<typeof ok>>,
) {
  const parsed = schema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return failure(String(form.get("intent") ?? "unknown"), parsed.error.issues[0]?.message ?? "Demande invalide.");
  return guarded(parsed.data.intent, fallback, () => run(parsed.data));
}

/**
 * Run one query of an admin list loader. A failure is logged and becomes a 503 carrying
 * the spec's message for that list (ADR 006, Home sections), which the route's AdminLoadErrorBoundary
 * shows as a toast inside the admin layout, never the public error page.
 */
export async function loadOrFail<T>(message: string, load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof Response) throw error;
    logger.error({ err: error }, `admin: list could not be loaded (${message})`);
    throw data<AdminLoadErrorData>({ loadError: message }, { status: 503 });
  }
}

/** The French texts of one list's bulk actions: a failure, none of the rows left, and the success title per intent. */
/** The ticked ids a bulk action found no row for, named one by one (« 2 éléments n'existent plus : … »). */
function missingIds(ids: string[]): string | null {
  if (ids.length === 0) return null;
  return `${countOf(ids.length, { one: "élément n'existe", other: "éléments n'existent" })} plus : ${ids.join(", ")}.`;
}

export interface BulkMessages<I extends string> {
  error: string;
  none: string;
  /** the success title, from how many rows were written (and which of them stay scheduled, BulkResult) */
  done: Record<I, (n: number, result: { scheduled?: string[] }) => string>;
}

/**
 * The bulk half of a list's action (issue #17): when the posted intent is one
 * of `intents`, parse the ticked ids and run the write; otherwise null, and the
 * route goes on with its other intents.
 */
export async function bulkIntentAction<I extends string>(
  form: FormData,
  intents: readonly I[],
  messages: BulkMessages<I>,
  run: (intent: I, ids: string[]) => Promise<BulkResult>,
  /** the ticked rows' keys (uuids; a blog article's slugs) */
  keys: z.ZodType<string[]> = bulkIdsSchema,
) {
  const intent = form.get("intent");
  if (!(intents as readonly unknown[]).includes(intent)) return null;
  const bulk = intent as I;
  const ids = keys.safeParse(form.getAll("ids"));
  if (!ids.success) return failure(bulk, ids.error.issues[0]?.message ?? messages.error);
  return guarded(bulk, messages.error, async () => {
    const result = await run(bulk, ids.data);
    const { written, missing } = result;
    if (written === 0) return failure(bulk, [messages.none, missingIds(missing)].filter(Boolean).join(" "), 404);
    return ok(bulk, messages.done[bulk](written, result), missingIds(missing) ?? undefined);
  });
}
