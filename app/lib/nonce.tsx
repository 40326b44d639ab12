import { createContext, useContext } from "react";

/** CSP nonce of the current response; empty on the client. */
const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);

/** The stylesheet inlined into the document by the server (empty on the client). */
export const InlineCssContext = createContext<string>("");
export const useInlineCss = () => useContext(InlineCssContext);
