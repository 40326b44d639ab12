import { Lock } from "lucide-react";
import { Link } from "react-router";

/**
 * A file of its own: the deal page and the deal cards show it without loading the promo code card (the deal
 * page's JS budget, ADR 049 §The offer page).
 */
/** The visitor's prompt under a masked code (promo codes and deal codes): sign up to unlock it. */
export function CodeSignUpPrompt() {
  return (
    <p className="text-xs text-neutral-600">
      <Lock className="mr-1 inline size-3.5 align-[-0.2em]" aria-hidden="true" />
      <Link to="/auth?tab=signup" className="font-semibold text-brand-700 underline">
        Crée ton compte
      </Link>{" "}
      pour débloquer le code complet et activer ton cashback.
    </p>
  );
}
