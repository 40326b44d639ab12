import { ROLES } from "#db/constants";
import { choice, defineList } from "#app/modules/admin/list-query";

/** /admin/users as a list (issue #17): searched (e-mail, username), filtered by role and sorted in the URL; newest first by default. */
export const userListSpec = defineList({
  sorts: ["created", "email", "username"],
  defaultSort: "created",
  defaultDir: "desc",
  filters: { role: choice(ROLES) },
});

export type UserSort = (typeof userListSpec)["sorts"][number];
