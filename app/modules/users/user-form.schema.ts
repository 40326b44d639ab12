import { z } from "zod";
import { ROLES } from "#db/constants";
import { plainText } from "#app/modules/admin/form-helpers";

export const USER_MESSAGES = {
  updated: "Utilisateur mis à jour avec succès",
  deleted: "Utilisateur supprimé avec succès",
  updateError: "Impossible de mettre à jour l'utilisateur.",
  deleteError: "Impossible de supprimer l'utilisateur.",
  selfDemote: "Vous ne pouvez pas retirer votre propre rôle d'administrateur.",
  role: "Le rôle doit être Utilisateur, Éditeur, Finance, Modérateur ou Administrateur.",
  lastAdmin: "Impossible : il doit rester au moins un administrateur.",
  selfDelete: "Vous ne pouvez pas supprimer votre propre compte depuis l'administration.",
} as const;

export const userFormSchema = z.object({
  id: z.string().min(1).max(100),
  username: z
    .string()
    .max(40, "Le pseudo ne doit pas dépasser 40 caractères.")
    .optional()
    .transform((v) => (v ? plainText(v) || null : null)),
  role: z.enum(ROLES, { message: USER_MESSAGES.role }),
});
