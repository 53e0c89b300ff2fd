// Which federated providers are configured: a provider counts only with both its id and secret.
import type { FederatedSettings } from './auth.js';
import type { Config } from '../config.js';

export function federatedSettings(config: Config): FederatedSettings {
  const pair = (clientId?: string, clientSecret?: string) => (clientId && clientSecret ? { clientId, clientSecret } : undefined);
  const oidcPair = pair(config.OIDC_CLIENT_ID, config.OIDC_CLIENT_SECRET);
  return {
    google: pair(config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET),
    apple: pair(config.APPLE_CLIENT_ID, config.APPLE_CLIENT_SECRET),
    facebook: pair(config.FACEBOOK_CLIENT_ID, config.FACEBOOK_CLIENT_SECRET),
    amazon: pair(config.AMAZON_CLIENT_ID, config.AMAZON_CLIENT_SECRET),
    oidc: oidcPair && config.OIDC_ISSUER ? { ...oidcPair, issuer: config.OIDC_ISSUER, name: config.OIDC_NAME } : undefined,
  };
}
