import { describe, expect, it } from "vitest";
import { AUTH_MESSAGES, loginErrorMessage, signupErrorMessage } from "./messages";
import { isCommonPassword } from "./passwords";
import { signupSchema } from "./accounts.schema";

describe("the spec's sign-in error messages", () => {
  it("maps login errors", () => {
    expect(loginErrorMessage("Invalid login credentials")).toBe("Email ou mot de passe incorrect.");
    expect(loginErrorMessage("Invalid email or password")).toBe("Email ou mot de passe incorrect.");
    expect(loginErrorMessage("Email rate limit exceeded")).toBe("Trop de tentatives. Réessaie plus tard.");
    expect(loginErrorMessage("", 429)).toBe(AUTH_MESSAGES.rateLimited);
    expect(loginErrorMessage("boom")).toBe("Identifiants invalides. Vérifie ton e-mail et ton mot de passe.");
  });
  it("maps sign-up errors", () => {
    expect(signupErrorMessage("User already registered")).toBe("Cette adresse email est déjà utilisée.");
    expect(signupErrorMessage("User already exists. Use another email.")).toBe("Cette adresse email est déjà utilisée.");
    expect(signupErrorMessage("Password too short")).toBe("Le mot de passe doit contenir au moins 8 caractères.");
    expect(signupErrorMessage("rate limit")).toBe("Trop de tentatives. Réessaie plus tard.");
    expect(signupErrorMessage(undefined)).toBe("Erreur lors de l'inscription.");
  });
});

describe("password policy", () => {
  const base = { intent: "signup" as const, username: "Léa", email: "lea@example.fr" };
  it("needs 8 to 128 characters and refuses common passwords", () => {
    expect(signupSchema.safeParse({ ...base, password: "court" }).error?.issues[0].message).toBe(
      "Le mot de passe doit contenir au moins 8 caractères.",
    );
    expect(signupSchema.safeParse({ ...base, password: "x".repeat(129) }).error?.issues[0].message).toMatch(/128/);
    expect(signupSchema.safeParse({ ...base, password: "Azertyuiop" }).error?.issues[0].message).toMatch(/trop courant/);
    expect(isCommonPassword("password123")).toBe(true);
    expect(signupSchema.safeParse({ ...base, password: "Rouge-gorge 2025" }).success).toBe(true);
  });
  it("trims the e-mail and requires the username", () => {
    const r = signupSchema.safeParse({ ...base, email: "  lea@example.fr ", password: "Rouge-gorge 2025" });
    expect(r.data?.email).toBe("lea@example.fr");
    expect(signupSchema.safeParse({ ...base, username: " ", password: "Rouge-gorge 2025" }).error?.issues[0].message).toBe(
      "Le pseudo est obligatoire.",
    );
  });
});
