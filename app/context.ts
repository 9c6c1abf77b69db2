import { createContext } from "react-router";
import type { AppServices } from "../api/context";

/** The services (db, blobs, mailer, config) for loaders and actions; set by server/app.ts. */
export const servicesContext = createContext<AppServices>();
