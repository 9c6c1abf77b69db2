import { readConfig, type AppConfig } from "../api/services/core/config";

export const APP_URL_MISSING =
  "APP_URL is not set: add it to [vars] in wrangler.toml (or the environment's vars), e.g. APP_URL = \"https://quiz.example.org\"";

export const PASSWORD_PEPPER_MISSING =
  "PASSWORD_PEPPER is not set: add it as a secret (`wrangler secret put PASSWORD_PEPPER`, 32+ random characters; locally in .dev.vars) and never change it";

/**
 * The Worker's configuration from its vars and secrets. APP_URL and PASSWORD_PEPPER are required: the app's own
 * origin decides cookie names and flags, the CSRF origin check and every e-mailed link, so
 * it must come from the deployer, never from whichever Host header the first request had.
 */
export function readWorkerConfig(vars: Record<string, string | undefined>): AppConfig {
  const appUrl = vars.APP_URL?.trim();
  if (!appUrl) throw new Error(APP_URL_MISSING);
  let parsed: URL;
  try {
    parsed = new URL(appUrl);
  } catch {
    throw new Error(`APP_URL is not a valid URL: ${JSON.stringify(appUrl)}`);
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") throw new Error(`APP_URL must be an http(s) URL: ${JSON.stringify(appUrl)}`);
  // A Worker has no place to keep a generated pepper, and one that changed would lock every
  // user out: it must be configured, like the database's own credentials.
  if (!vars.PASSWORD_PEPPER) throw new Error(PASSWORD_PEPPER_MISSING);
  return readConfig({ ...vars, APP_URL: appUrl });
}
