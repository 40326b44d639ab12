export interface DemoAccount {
  role: "admin" | "user";
  email: string;
  password: string;
  username: string;
  dealsUsed: number;
  cashSaved: number;
}

/** Demo accounts created by the seed (also printed at start and in the README). */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { role: "admin", email: "admin@crevarde.local", password: "CrevardeAdmin2025!", username: "Admin Crevarde", dealsUsed: 0, cashSaved: 0 },
  { role: "user", email: "membre@crevarde.local", password: "CrevardeMembre2025!", username: "Camille", dealsUsed: 3, cashSaved: 42.5 },
];
