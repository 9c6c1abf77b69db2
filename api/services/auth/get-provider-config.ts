import type { AppServices } from "../core/app-services";
import { AppError } from "../core/errors";
import { discoverProvider } from "./provider-token";

export interface ProviderConfig {
  enabled: boolean;
  issuer?: string;
  clientId?: string;
  authorizationEndpoint?: string;
}

/**
 * What the login page needs to open the provider's popup. `enabled` is true only when the
 * provider is configured and its discovery document answers, so the button is hidden
 * rather than broken (decisions: identity).
 */
export async function getProviderConfig(services: AppServices): Promise<ProviderConfig> {
  const oidc = services.config.oidc;
  if (!oidc) return { enabled: false };
  try {
    const discovery = await discoverProvider(oidc.issuer);
    if (!discovery.authorization_endpoint) return { enabled: false, issuer: oidc.issuer, clientId: oidc.clientId };
    return { enabled: true, issuer: oidc.issuer, clientId: oidc.clientId, authorizationEndpoint: discovery.authorization_endpoint };
  } catch (error) {
    if (error instanceof AppError) return { enabled: false, issuer: oidc.issuer, clientId: oidc.clientId };
    throw error;
  }
}
