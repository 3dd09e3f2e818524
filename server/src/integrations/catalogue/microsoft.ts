/**
 * What the Microsoft 365 apps of the catalogue share: the Microsoft identity
 * platform's OAuth 2.0 endpoints (any work, school or personal account: tenant `common`) with
 * offline access, and the Graph API root.
 * OAuth: https://learn.microsoft.com/en-us/entra/identity-platform/v2-oauth2-auth-code-flow
 */
import type { AuthInfo } from '@junction/core';

/** Microsoft Graph v1.0. */
export const GRAPH = 'https://graph.microsoft.com/v1.0';
const AUTHORIZE = 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize';
const TOKEN = 'https://login.microsoftonline.com/common/oauth2/v2.0/token';

/** The authInfo of a Microsoft 365 app: OAuth 2.0 with `offline_access` (a refresh token) and the given Graph scopes. */
export function microsoftAuthInfo(scopes: string[], testAuth: string): AuthInfo {
  return {
    apiType: 'oauth2',
    testAuth,
    oauthFormFields: [],
    auth_url: AUTHORIZE,
    token_url: TOKEN,
    scopes: ['offline_access', 'User.Read', ...scopes].join(' '),
    response_type: 'code',
    grant_types: ['authorization_code', 'refresh_token'],
    authRequestConfig: { url: AUTHORIZE, params: [{ key: 'response_mode', value: 'query' }] },
    accessRequestConfig: { url: TOKEN },
    refreshRequestConfig: { url: TOKEN },
  };
}
