/**
 * OAuth 2.0 client credentials of the catalogue apps: the operator registers
 * Junction with each provider and sets
 *
 *   JUNCTION_OAUTH_<APP>_CLIENT_ID / JUNCTION_OAUTH_<APP>_CLIENT_SECRET
 *
 * where <APP> is the app slug upper-cased with hyphens as underscores (SLACK, GOOGLE_SHEETS);
 * the Google apps also read JUNCTION_OAUTH_GOOGLE_*, the Microsoft 365 apps
 * JUNCTION_OAUTH_MICROSOFT_* (one registration serves the whole family). The registry applies
 * them to the definitions it runs (server-side only); the API never answers them.
 */
import type { AppDefinition } from '@junction/core';

/** Families sharing one OAuth registration, by authorisation host. */
const FAMILIES: Record<string, string> = {
  'accounts.google.com': 'GOOGLE',
  'login.microsoftonline.com': 'MICROSOFT',
};

/** The environment keys an app's client id may come from, most specific first. */
export function oauthClientEnvKeys(app: Pick<AppDefinition, 'appSlug' | 'authInfo'>): string[] {
  const keys = [`JUNCTION_OAUTH_${app.appSlug.toUpperCase().replace(/-/g, '_')}`];
  let host = '';
  try {
    host = new URL(app.authInfo?.auth_url ?? '').hostname;
  } catch {
    // No authorisation URL: only the app's own key.
  }
  const family = FAMILIES[host];
  if (family) keys.push(`JUNCTION_OAUTH_${family}`);
  return keys;
}

/**
 * Returns the app with its OAuth client id and secret from the environment when it is a
 * catalogue OAuth 2.0 app without its own; otherwise the app unchanged (never mutated).
 *
 * @example withOAuthClient(slackApp, { JUNCTION_OAUTH_SLACK_CLIENT_ID: '123.456' }).authInfo.clientInfo?.client_id // '123.456'
 */
export function withOAuthClient<T extends Pick<AppDefinition, 'appSlug' | 'authInfo' | 'source'>>(
  app: T,
  env: Record<string, string | undefined> = process.env,
): T {
  if (app.source !== 'first100' || app.authInfo?.apiType !== 'oauth2' || app.authInfo.clientInfo?.client_id) {
    return app;
  }
  for (const key of oauthClientEnvKeys(app)) {
    const clientId = env[`${key}_CLIENT_ID`]?.trim();
    if (!clientId) continue;
    const clientSecret = env[`${key}_CLIENT_SECRET`]?.trim() ?? '';
    return { ...app, authInfo: { ...app.authInfo, clientInfo: { client_id: clientId, client_secret: clientSecret } } };
  }
  return app;
}
