import { useNavigation, useSubmit } from "react-router";

/** Sign out through POST /auth/logout, with the busy label "Déconnexion...". */
export function useLogout() {
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/auth/logout";
  return { busy, logout: () => submit(null, { method: "post", action: "/auth/logout" }) };
}
