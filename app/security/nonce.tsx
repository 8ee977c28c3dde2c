/** The CSP nonce of the document being rendered, passed from entry.server to the root's script tags. */
import { createContext, useContext, type ReactNode } from "react";

const NonceContext = createContext<string | undefined>(undefined);

export function NonceProvider({ nonce, children }: { nonce: string; children: ReactNode }) {
  return <NonceContext.Provider value={nonce}>{children}</NonceContext.Provider>;
}

/** The nonce on the server; undefined in the browser (browsers hide it after use, and it is only needed once). */
export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
