import { createContext, useContext } from "react";

/**
 * The per-request CSP nonce (server/content-security-policy.ts) for the scripts React Router
 * renders. Provided by app/entry.server.tsx; in the browser there is no provider, and none
 * is needed: scripts added after hydration are allowed by 'strict-dynamic'.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
