import { createContext } from "react-router";
import type { AppServices } from "../api/services/core/app-services";

/** The services (db, blobs, mailer, config) for loaders and actions; set by server/app.ts. */
export const servicesContext = createContext<AppServices>();

/**
 * This request's script nonce and the Content-Security-Policy that names it; set by
 * server/app.ts, read by app/entry.server.tsx when it renders a document.
 */
export const documentSecurityContext = createContext<{ nonce: string; contentSecurityPolicy: string } | null>(null);
