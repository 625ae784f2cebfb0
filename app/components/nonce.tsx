import { createContext, useContext, type ReactNode } from "react";

const NonceContext = createContext("");

/** The CSP nonce of this response, for inline scripts (empty in the browser, which hides it). */
export function NonceProvider({ value, children }: { value: string; children: ReactNode }) {
  return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>;
}

export const useNonce = () => useContext(NonceContext);
