import type { Role } from "#db/constants";

export interface DemoAccount {
  role: Role;
  email: string;
  password: string;
  username: string;
  dealsUsed: number;
}

/**
 * Demo accounts created by the seed (also printed at start and in the README):
 * one per role (ADR 022). On a deployment seeded with SEED_DEMO=true, every
 * back-office account gets a random password instead (app/seed/index.ts).
 */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { role: "admin", email: "admin@crevarde.local", password: "CrevardeAdmin2025!", username: "Admin Crevarde", dealsUsed: 0 },
  { role: "user", email: "membre@crevarde.local", password: "CrevardeMembre2025!", username: "Camille", dealsUsed: 3 },
  { role: "editor", email: "editeur@crevarde.local", password: "CrevardeEditeur2025!", username: "Éditeur Crevarde", dealsUsed: 0 },
  { role: "finance", email: "finance@crevarde.local", password: "CrevardeFinance2025!", username: "Finance Crevarde", dealsUsed: 0 },
];
