import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { formatParis } from "#app/modules/settings/paris-time";
import { parseWithZod } from "@conform-to/zod/v4";
import { Download } from "lucide-react";
import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { toast } from "#app/lib/toast";
import { readBoundedForm } from "#app/lib/body.server";
import type { Route } from "./+types/profile";
import { PasswordInput } from "#app/components/auth/password-input";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Avatar } from "#app/components/layout/avatar";
import { Button } from "#app/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card";
import { FieldError } from "#app/components/ui/field-error";
import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";
import { Textarea } from "#app/components/ui/textarea";
import { requireUser } from "#app/lib/auth.server";
import { displayName, initials } from "#app/modules/accounts/display";
import { clientIp, RATE_LIMIT_MESSAGE } from "#app/lib/rate-limit.server";
import { seo } from "#app/lib/seo";
import { saveImageUpload, UploadError, MAX_UPLOAD_BYTES } from "#app/lib/storage.server";
import { combineHeaders, createToastHeaders } from "#app/lib/toast.server";
import { changePasswordSchema, deleteAccountSchema, newsletterToggleSchema, profileSchema } from "#app/modules/accounts/accounts.schema";
import { subscribeMember, unsubscribeEmail } from "#app/modules/newsletter/newsletter.server";
import {
  allowAvatarUpload,
  changePassword,
  clearAuthCookies,
  deleteAccount,
  memberSince,
  updateAvatar,
  updateUsername,
  UsernameTakenError,
  verifyOwnPassword,
} from "#app/modules/accounts/accounts.server";
import { PASSWORD_MESSAGES } from "#app/modules/accounts/passwords";
import { deletionDebtMessage, formatEuros, MemberMoneyOutstandingError, memberMoneyMessage } from "#app/modules/ledger/ledger";
import { memberBalances } from "#app/modules/ledger/ledger.server";
import { validatedCashbackCents } from "#app/modules/cashback/member-cashback.server";
import { getEnv } from "#app/lib/env.server";
import { getSetting } from "#app/modules/settings/settings.server";
import { listMyDealPosts } from "#app/modules/deals/posting.server";
import { DEAL_REFUSED, dealStatus } from "#app/modules/deals/deal-rules";
import { appealDealDecision, appealsOf } from "#app/modules/deals/appeals.server";
import { APPEAL_MESSAGES, APPEAL_STATUS_LABELS, APPEAL_TEXT_MAX, appealSchema } from "#app/modules/deals/appeals.schema";
import { isDomainError } from "#app/lib/errors";

const POST_STATUS_CLASSES: Record<string, string> = {
  pending_review: "bg-amber-100 text-amber-900",
  published: "bg-green-100 text-green-900",
  rejected: "bg-red-100 text-red-900",
  removed: "bg-neutral-200 text-neutral-800",
};

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, { redirectTo: "/auth?redirect=/profile" });
  const [createdAt, balances, launched] = await Promise.all([memberSince(user.id), memberBalances(user.id), getSetting("cashback_launched")]);
  const validatedCents = validatedCashbackCents(balances);
  return {
    email: user.email,
    username: user.username ?? "",
    displayName: displayName(user),
    initials: initials(displayName(user)),
    avatarUrl: user.avatarUrl,
    newsletterSubscribed: user.newsletterSubscribed,
    dealsUsed: user.dealsUsed,
    // the member's gains as /mon-cashback counts them; before the launch only when there is money of theirs (issue #34 items 4 and 8)
    validatedCashback: launched || validatedCents !== 0 ? formatEuros(validatedCents) : null,
    memberSince: createdAt ? formatParis(createdAt, "d MMMM yyyy") : null,
    // told before « Supprimer mon compte »: a debt survives the deletion, anonymised (ADR 013)
    deletionDebt: balances.owed > 0 ? deletionDebtMessage(balances.owed, getEnv().SITE_NAME) : null,
    dealPosts: await withAppeals((await listMyDealPosts(user.id)).map((p) => ({
      id: p.id,
      title: p.title,
      price: p.price,
      status: p.status,
      statusLabel: p.statusLabel,
      ruleLabel: p.ruleLabel,
      statement: p.moderationStatement,
      createdAt: p.createdAt.toISOString(),
      expired: p.expiredAt !== null,
    }))),
  };
}

/** Each refused or removed post with its appeal's status (null: not contested yet, so « Contester » shows). */
async function withAppeals<T extends { id: string; status: string }>(posts: T[]) {
  const appeals = await appealsOf(posts.filter((p) => (DEAL_REFUSED as readonly string[]).includes(p.status)).map((p) => p.id));
  return posts.map((p) => ({ ...p, appeal: (appeals.get(p.id) as keyof typeof APPEAL_STATUS_LABELS | undefined) ?? null }));
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: "Mon profil", description: "Gère ton compte membre.", path: "/profile", noIndex: true }, matches);

type ActionData =
  | { intent: "profile" | "password" | "delete"; result: SubmissionResult<string[]> }
  | { intent: "appeal"; dealId: string; result: SubmissionResult<string[]> }
  | { intent: "avatar"; error: string };

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, { redirectTo: "/auth?redirect=/profile" });
  const contentType = request.headers.get("content-type") ?? "";
  if (contentType.startsWith("multipart/form-data")) {
    const length = Number(request.headers.get("content-length") ?? 0);
    if (length > MAX_UPLOAD_BYTES + 64 * 1024) {
      return data({ intent: "avatar", error: "Fichier trop volumineux: L'image ne doit pas dépasser 2Mo." } satisfies ActionData, { status: 413 });
    }
    const formData = await readBoundedForm(request, MAX_UPLOAD_BYTES + 64 * 1024);
    const file = formData.get("avatar");
    if (!(file instanceof File) || file.size === 0) {
      return data({ intent: "avatar", error: "Choisis une image à envoyer." } satisfies ActionData, { status: 400 });
    }
    if (!(await allowAvatarUpload(user.id))) {
      return data({ intent: "avatar", error: RATE_LIMIT_MESSAGE } satisfies ActionData, { status: 429 });
    }
    try {
      const saved = await saveImageUpload({ buffer: Buffer.from(await file.arrayBuffer()), originalName: file.name, size: file.size });
      await updateAvatar(user.id, saved.url);
    } catch (error) {
      if (error instanceof UploadError) return data({ intent: "avatar", error: error.message } satisfies ActionData, { status: 400 });
      throw error;
    }
    return redirect("/profile", { headers: await createToastHeaders({ title: "Photo mise à jour" }) });
  }

  const formData = await readBoundedForm(request, 8 * 1024);
  const intent = formData.get("intent");
  if (intent === "appeal") {
    const submission = parseWithZod(formData, { schema: appealSchema });
    const dealId = String(formData.get("dealId") ?? "");
    if (submission.status !== "success") return data({ intent: "appeal", dealId, result: submission.reply() } satisfies ActionData, { status: 400 });
    try {
      await appealDealDecision(user, submission.value);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      return data({ intent: "appeal", dealId, result: submission.reply({ formErrors: [error.message] }) } satisfies ActionData, { status: error.status });
    }
    return redirect("/profile#mes-deals", { headers: await createToastHeaders({ title: "Contestation envoyée", description: APPEAL_MESSAGES.sent }) });
  }
  if (intent === "profile") {
    const submission = parseWithZod(formData, { schema: profileSchema });
    if (submission.status !== "success") return data({ intent: "profile", result: submission.reply() } satisfies ActionData, { status: 400 });
    try {
      await updateUsername(user.id, submission.value.username);
    } catch (error) {
      if (!(error instanceof UsernameTakenError)) throw error;
      return data({ intent: "profile", result: submission.reply({ fieldErrors: { username: [error.message] } }) } satisfies ActionData, { status: error.status });
    }
    return redirect("/profile", { headers: await createToastHeaders({ title: "Profil mis à jour" }) });
  }
  if (intent === "password") {
    const submission = parseWithZod(formData, { schema: changePasswordSchema });
    if (submission.status !== "success") {
      return data({ intent: "password", result: submission.reply({ hideFields: ["currentPassword", "password", "confirm"] }) } satisfies ActionData, { status: 400 });
    }
    const result = await changePassword(request, submission.value.currentPassword, submission.value.password, { email: user.email, ip: clientIp(context) });
    if (!result.ok) {
      return data(
        { intent: "password", result: submission.reply({ formErrors: [result.message], hideFields: ["currentPassword", "password", "confirm"] }) } satisfies ActionData,
        { status: result.status },
      );
    }
    return redirect("/profile", {
      headers: combineHeaders(result.headers, await createToastHeaders({ title: "Mot de passe modifié", description: "Tes autres sessions ont été fermées." })),
    });
  }
  if (intent === "newsletter") {
    const parsed = newsletterToggleSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) return data({ intent: "avatar", error: "Demande invalide." } satisfies ActionData, { status: 400 });
    // the member's own address, verified at sign-up: no confirmation link needed
    if (parsed.data.subscribed === "true") await subscribeMember(user.email);
    else await unsubscribeEmail(user.email);
    return redirect("/profile", {
      headers: await createToastHeaders({ title: parsed.data.subscribed === "true" ? "Inscription réussie !" : "Newsletter désactivée" }),
    });
  }
  if (intent === "delete") {
    const submission = parseWithZod(formData, { schema: deleteAccountSchema });
    if (submission.status !== "success") return data({ intent: "delete", result: submission.reply({ hideFields: ["password"] }) } satisfies ActionData, { status: 400 });
    const checked = await verifyOwnPassword(request, submission.value.password, { email: user.email, ip: clientIp(context) });
    if (!checked.ok) {
      return data({ intent: "delete", result: submission.reply({ fieldErrors: { password: [checked.message] }, hideFields: ["password"] }) } satisfies ActionData, { status: checked.status });
    }
    try {
      await deleteAccount(user.id, user.email);
    } catch (error) {
      if (!(error instanceof MemberMoneyOutstandingError)) throw error;
      return data({ intent: "delete", result: submission.reply({ fieldErrors: { password: [memberMoneyMessage(error)] }, hideFields: ["password"] }) } satisfies ActionData, { status: 409 });
    }
    return redirect("/", {
      headers: combineHeaders(clearAuthCookies(request), await createToastHeaders({ title: "Compte supprimé", description: "Ton compte et tes données ont été supprimés." })),
    });
  }
  return data({ intent: "avatar", error: "Action inconnue." } satisfies ActionData, { status: 400 });
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const ad = actionData as ActionData | undefined;
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const [profileForm, profileFields] = useForm({
    id: "profile",
    lastResult: ad?.intent === "profile" ? ad.result : undefined,
    defaultValue: { username: loaderData.username },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
    shouldValidate: "onBlur",
  });
  const [passwordForm, passwordFields] = useForm({
    id: "password",
    lastResult: ad?.intent === "password" ? ad.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
    shouldValidate: "onBlur",
  });
  const [deleteForm, deleteFields] = useForm({
    id: "delete",
    lastResult: ad?.intent === "delete" ? ad.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: deleteAccountSchema }),
  });
  useEffect(() => {
    if (ad?.intent === "avatar") toast.error("Erreur de téléchargement", { description: ad.error });
  }, [ad]);

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <div className="flex items-center gap-4">
        <Avatar src={loaderData.avatarUrl} initials={loaderData.initials} className="size-16 text-lg" />
        <div className="min-w-0">
          <h1 className="text-3xl font-black">Mon profil</h1>
          <p className="break-words text-neutral-600">{loaderData.email}</p>
        </div>
      </div>
      <p className="mt-4">
        <Link to="/mon-cashback" className="font-semibold text-brand-700 hover:underline">
          Mon cashback : mes achats, mes soldes et mes e-mails
        </Link>
      </p>
      <dl className={`mt-8 grid grid-cols-1 gap-3 text-center sm:gap-4 ${loaderData.validatedCashback ? "sm:grid-cols-3" : "sm:grid-cols-2"}`}>
        {loaderData.validatedCashback ? (
          <div className="rounded-2xl bg-brand-50 p-4" data-testid="profile-validated-cashback">
            <dt className="text-xs text-neutral-600">Cashback validé</dt>
            <dd className="text-2xl font-black text-brand-700">{loaderData.validatedCashback}</dd>
            <dd className="text-xs text-neutral-600">
              <Link to="/mon-cashback" className="hover:underline">
                Disponible, en cours de virement et versé
              </Link>
            </dd>
          </div>
        ) : null}
        <div className="rounded-2xl bg-brand-50 p-4">
          <dt className="text-xs text-neutral-600">Deals utilisés</dt>
          <dd className="text-2xl font-black text-brand-700">{loaderData.dealsUsed}</dd>
        </div>
        <div className="rounded-2xl bg-brand-50 p-4">
          <dt className="text-xs text-neutral-600">Newsletter</dt>
          <dd className="text-lg font-bold text-brand-700">{loaderData.newsletterSubscribed ? "Abonnement actif" : "Pas d'abonnement"}</dd>
          <dd>
            <Form method="post">
              <input type="hidden" name="intent" value="newsletter" />
              <input type="hidden" name="subscribed" value={loaderData.newsletterSubscribed ? "false" : "true"} />
              <Button type="submit" variant="link" size="sm">
                {loaderData.newsletterSubscribed ? "Me désinscrire" : "M'inscrire"}
              </Button>
            </Form>
          </dd>
        </div>
      </dl>
      {loaderData.memberSince ? <p className="mt-2 text-sm text-neutral-500">Membre depuis le {loaderData.memberSince}</p> : null}

      <div className="mt-8 grid grid-cols-1 gap-6">
        <Card id="mes-deals">
          <CardHeader>
            <CardTitle>Mes deals proposés</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3">
            {loaderData.dealPosts.length ? (
              <ul className="grid gap-3" data-testid="my-deal-posts">
                {loaderData.dealPosts.map((p) => (
                  <li key={p.id} className="rounded-xl border border-neutral-200 p-3 text-sm" data-testid="my-deal-post">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <span className="min-w-0 break-words font-bold">{p.title}</span>
                      <span className={`rounded-full px-2 py-0.5 text-xs font-bold ${POST_STATUS_CLASSES[p.status] ?? "bg-neutral-100 text-neutral-800"}`}>
                        {p.expired && p.status === dealStatus.is.published ? `${p.statusLabel} · Expiré` : p.statusLabel}
                      </span>
                    </div>
                    <p className="mt-1 text-neutral-600">
                      {p.price} · proposé le {formatParis(p.createdAt, "d MMMM yyyy")}
                    </p>
                    {p.statement ? (
                      <p className="mt-2 whitespace-pre-line break-words text-neutral-800">
                        <strong>{p.ruleLabel}</strong> : {p.statement}
                      </p>
                    ) : null}
                    {p.appeal ? (
                      <p className="mt-2 font-semibold text-neutral-800" data-testid="appeal-status">
                        {APPEAL_STATUS_LABELS[p.appeal]}
                      </p>
                    ) : (DEAL_REFUSED as readonly string[]).includes(p.status) ? (
                      <AppealForm dealId={p.id} error={ad?.intent === "appeal" && ad.dealId === p.id ? ad.result : undefined} />
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-neutral-600">Tu n'as pas encore proposé de deal.</p>
            )}
            <Link to="/coup-de-crevarde/proposer" className="justify-self-start text-sm font-semibold text-brand-700 hover:underline">
              Proposer un deal
            </Link>
          </CardContent>
        </Card>
        <Card id="mes-alertes">
          <CardHeader>
            <CardTitle>Mes alertes</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3">
            <p className="text-sm text-neutral-600">Reçois un e-mail dès qu'un deal correspond à tes mots-clés, tout de suite ou dans un résumé le matin.</p>
            <Link to="/mes-alertes" className="justify-self-start text-sm font-semibold text-brand-700 hover:underline">
              Gérer mes alertes
            </Link>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Mes informations</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-6">
            <Form method="post" {...getFormProps(profileForm)} className="grid gap-3">
              <input type="hidden" name="intent" value="profile" />
              <div>
                <Label htmlFor={profileFields.username.id}>Pseudo</Label>
                <Input {...getInputProps(profileFields.username, { type: "text" })} className="mt-1" />
                <FieldError id={profileFields.username.errorId} errors={profileFields.username.errors} />
              </div>
              <div>
                <Label htmlFor="email-ro">Email</Label>
                <Input id="email-ro" value={loaderData.email} readOnly disabled className="mt-1" />
              </div>
              <Button type="submit" className="justify-self-start" disabled={busy("profile")}>
                Enregistrer
              </Button>
            </Form>
            <Form method="post" encType="multipart/form-data" className="grid gap-3">
              <Label htmlFor="avatar">Photo de profil (JPG, PNG ou WEBP, 2 Mo max.)</Label>
              <Input id="avatar" name="avatar" type="file" accept="image/jpeg,image/png,image/webp" required />
              <Button type="submit" variant="outline" className="justify-self-start">
                Envoyer la photo
              </Button>
            </Form>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Changer de mot de passe</CardTitle>
          </CardHeader>
          <CardContent>
            <Form method="post" {...getFormProps(passwordForm)} className="grid gap-3">
              <input type="hidden" name="intent" value="password" />
              <div>
                <Label htmlFor={passwordFields.currentPassword.id}>Mot de passe actuel</Label>
                <PasswordInput {...getInputProps(passwordFields.currentPassword, { type: "password" })} autoComplete="current-password" className="mt-1" />
                <FieldError id={passwordFields.currentPassword.errorId} errors={passwordFields.currentPassword.errors} />
              </div>
              <div>
                <Label htmlFor={passwordFields.password.id}>Nouveau mot de passe</Label>
                <PasswordInput {...getInputProps(passwordFields.password, { type: "password" })} autoComplete="new-password" className="mt-1" />
                <p className="mt-1 text-xs text-neutral-500">{PASSWORD_MESSAGES.hint}</p>
                <FieldError id={passwordFields.password.errorId} errors={passwordFields.password.errors} />
              </div>
              <div>
                <Label htmlFor={passwordFields.confirm.id}>Confirme le nouveau mot de passe</Label>
                <PasswordInput {...getInputProps(passwordFields.confirm, { type: "password" })} autoComplete="new-password" className="mt-1" />
                <FieldError id={passwordFields.confirm.errorId} errors={passwordFields.confirm.errors} />
              </div>
              <FieldError id={passwordForm.errorId} errors={passwordForm.errors} />
              <Button type="submit" className="justify-self-start" disabled={busy("password")}>
                Changer mon mot de passe
              </Button>
            </Form>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Mes données</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-6">
            <Button asChild variant="outline" className="justify-self-start">
              <a href="/profile/export" download="mes-donnees-crevarde.json">
                <Download aria-hidden="true" /> Exporter mes données
              </a>
            </Button>
            <Form method="post" {...getFormProps(deleteForm)} className="grid gap-3 rounded-2xl border border-red-200 bg-red-50 p-4">
              <input type="hidden" name="intent" value="delete" />
              <p className="font-semibold text-red-900">Supprimer mon compte</p>
              <p className="text-sm text-red-900">
                Cette action est définitive : ton profil, tes deals sauvegardés et ton historique seront effacés.
              </p>
              {loaderData.deletionDebt ? (
                <p className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" role="note" data-testid="deletion-debt">
                  {loaderData.deletionDebt}
                </p>
              ) : null}
              <div>
                <Label htmlFor={deleteFields.password.id}>Ton mot de passe, pour confirmer</Label>
                <PasswordInput {...getInputProps(deleteFields.password, { type: "password" })} className="mt-1 bg-white" autoComplete="current-password" />
                <FieldError id={deleteFields.password.errorId} errors={deleteFields.password.errors} />
              </div>
              <Button type="submit" variant="destructive" className="justify-self-start" disabled={busy("delete")}>
                Supprimer définitivement mon compte
              </Button>
            </Form>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

/** « Contester la décision »: once per refused or removed deal (a short text), without JavaScript too. */
function AppealForm({ dealId, error }: { dealId: string; error?: SubmissionResult<string[]> }) {
  const messages = [...(error?.error?.text ?? []), ...(error?.error?.[""] ?? [])];
  return (
    <details className="mt-2" open={Boolean(error)}>
      <summary className="cursor-pointer font-semibold text-brand-700">Contester la décision</summary>
      <Form method="post" className="mt-2 grid gap-2" aria-label="Contester la décision">
        <input type="hidden" name="intent" value="appeal" />
        <input type="hidden" name="dealId" value={dealId} />
        <Label htmlFor={`appeal-${dealId}`}>Pourquoi contestes-tu cette décision ? (une seule contestation possible)</Label>
        <Textarea id={`appeal-${dealId}`} name="text" rows={3} minLength={20} maxLength={APPEAL_TEXT_MAX} required aria-invalid={messages.length ? true : undefined} />
        {messages.map((m) => (
          <p key={m} className="text-sm text-red-700" role="alert">
            {m}
          </p>
        ))}
        <Button type="submit" variant="outline" className="justify-self-start">
          Envoyer ma contestation
        </Button>
      </Form>
    </details>
  );
}
