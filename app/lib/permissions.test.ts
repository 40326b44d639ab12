import { describe, expect, it } from "vitest";
import { ROLES } from "#db/constants";
import { can, PERMISSIONS, ROLE_LABELS, toRole } from "./permissions";

/** The role × permission table of ADR 022, written out: a change to the grants must change this test. */
const TABLE = {
  user: { backoffice: false, catalogue: false, money: false, users: false, settings: false, moderation: false },
  editor: { backoffice: true, catalogue: true, money: false, users: false, settings: false, moderation: false },
  finance: { backoffice: true, catalogue: false, money: true, users: false, settings: false, moderation: false },
  moderator: { backoffice: true, catalogue: false, money: false, users: false, settings: false, moderation: true },
  admin: { backoffice: true, catalogue: true, money: true, users: true, settings: true, moderation: true },
} as const;

describe("permissions", () => {
  it("has exactly the roles and permissions of the table", () => {
    expect([...ROLES].sort()).toEqual(Object.keys(TABLE).sort());
    for (const role of ROLES) expect(Object.keys(TABLE[role]).sort()).toEqual([...PERMISSIONS].sort());
  });

  for (const role of ROLES) {
    for (const permission of PERMISSIONS) {
      const expected = TABLE[role][permission];
      it(`${role} ${expected ? "may" : "may not"} use ${permission}`, () => {
        expect(can(role, permission)).toBe(expected);
      });
    }
  }

  it("keeps money away from editors and the catalogue away from finance", () => {
    expect(can("editor", "money")).toBe(false);
    expect(can("finance", "catalogue")).toBe(false);
  });

  it("gives every role who may do anything the back office, and the admin everything", () => {
    for (const role of ROLES) {
      if (PERMISSIONS.some((p) => can(role, p))) expect(can(role, "backoffice"), role).toBe(true);
    }
    expect(PERMISSIONS.every((p) => can("admin", p))).toBe(true);
  });

  it("labels every role in French", () => {
    expect(ROLE_LABELS).toEqual({ user: "Utilisateur", editor: "Éditeur", finance: "Finance", moderator: "Modérateur", admin: "Administrateur" });
  });

  it("reads an unknown or missing role as a member", () => {
    expect(toRole("editor")).toBe("editor");
    expect(toRole("finance")).toBe("finance");
    expect(toRole("superadmin")).toBe("user");
    expect(toRole(undefined)).toBe("user");
    expect(toRole(null)).toBe("user");
    expect(toRole("Admin")).toBe("user");
  });
});
