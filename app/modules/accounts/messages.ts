/** The product spec's error catalogue for auth, word for word (with 8 in place of 6, issue 3; ADR 006). */
import { PASSWORD_MESSAGES } from "./passwords";
import { SIGN_IN_LINK_MINUTES } from "./sign-in-link";

export const AUTH_MESSAGES = {
  loginErrorTitle: "Erreur de connexion",
  loginDefault: "Identifiants invalides. Vérifie ton e-mail et ton mot de passe.",
  loginCredentials: "Email ou mot de passe incorrect.",
  rateLimited: "Trop de tentatives. Réessaie plus tard.",
  signupErrorTitle: "Erreur d'inscription",
  signupDefault: "Erreur lors de l'inscription.",
  signupAlreadyRegistered: "Cette adresse email est déjà utilisée.",
  signupPassword: PASSWORD_MESSAGES.tooShort,
  signupSuccessTitle: "Inscription réussie !",
  signupSuccessText: "Vérifie ton email pour confirmer ton compte.",
  loginSuccessTitle: "Connexion réussie",
  logoutSuccessTitle: "Déconnexion réussie",
  logoutErrorTitle: "Erreur de déconnexion",
  logoutErrorText: "Une erreur est survenue lors de la déconnexion.",
  verifiedTitle: "Compte vérifié ! 🎉",
  verifiedText: "Tout est prêt : bienvenue dans le club !",
  resetTitle: "Réinitialisation du mot de passe",
  resetText: "Tu peux maintenant définir un nouveau mot de passe.",
  fullResetTitle: "Réinitialisation complète",
  fullResetText: "Toutes les données d'authentification ont été effacées. Tu peux maintenant te reconnecter.",
  fullResetErrorTitle: "Erreur de réinitialisation",
  fullResetErrorText: "Une erreur est survenue. Recharge la page et réessaie.",
  unverified:
    "Ton adresse email n'est pas encore confirmée. Clique sur le lien reçu par email, ou demande un nouveau lien ci-dessous.",
  resendDone: "Si un compte non confirmé existe pour cette adresse, un nouveau lien vient de t'être envoyé.",
  signInLinkOffer: "Tu peux aussi te connecter tout de suite, sans mot de passe, avec un lien reçu par e-mail.",
  signInLinkButton: "Recevoir un lien de connexion par e-mail",
  signInLinkSent: `Si un compte existe pour cette adresse, tu vas recevoir un lien de connexion valable ${SIGN_IN_LINK_MINUTES} minutes. Pense à regarder dans tes spams.`,
  signInLinkInvalid: "Ce lien de connexion est invalide, a déjà servi ou a expiré. Demande un nouveau lien depuis la page de connexion.",
} as const;

/** Map an auth service error to the text the spec shows for a failed login. */
export function loginErrorMessage(message: string | undefined | null, status?: number): string {
  const m = (message ?? "").toLowerCase();
  if (status === 429 || m.includes("rate") || m.includes("too many")) return AUTH_MESSAGES.rateLimited;
  if (m.includes("credentials") || m.includes("invalid email or password")) return AUTH_MESSAGES.loginCredentials;
  return AUTH_MESSAGES.loginDefault;
}

/** Map an auth service error to the text the spec shows for a failed sign-up. */
export function signupErrorMessage(message: string | undefined | null, status?: number): string {
  const m = (message ?? "").toLowerCase();
  if (status === 429 || m.includes("rate") || m.includes("too many")) return AUTH_MESSAGES.rateLimited;
  if (m.includes("user already registered") || m.includes("already exists")) return AUTH_MESSAGES.signupAlreadyRegistered;
  if (m.includes("password")) return AUTH_MESSAGES.signupPassword;
  return AUTH_MESSAGES.signupDefault;
}
