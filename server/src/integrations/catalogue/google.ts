/**
 * What the Google apps of the catalogue share: Google's OAuth 2.0 endpoints with
 * offline access (a refresh token), and the Drive helpers of the file picker.
 * OAuth: https://developers.google.com/identity/protocols/oauth2/web-server
 */
import type { AuthInfo } from '@junction/core';

/** Google's authorisation endpoint. */
export const GOOGLE_AUTH_URL = 'https://accounts.google.com/o/oauth2/v2/auth';
/** Google's token endpoint. */
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
/** Lets the Drive-type apps list the user's files for the picker (editor-core 7.5). */
export const DRIVE_METADATA_SCOPE = 'https://www.googleapis.com/auth/drive.metadata.readonly';

/**
 * The authInfo of a Google app: OAuth 2.0, offline access with a consent prompt (so Google
 * answers a refresh token), the given scopes and connection test.
 */
export function googleAuthInfo(scopes: string[], testAuth: string): AuthInfo {
  return {
    apiType: 'oauth2',
    testAuth,
    oauthFormFields: [],
    auth_url: GOOGLE_AUTH_URL,
    token_url: GOOGLE_TOKEN_URL,
    scopes: scopes.join(' '),
    response_type: 'code',
    grant_types: ['authorization_code', 'refresh_token'],
    authRequestConfig: {
      url: GOOGLE_AUTH_URL,
      params: [
        { key: 'access_type', value: 'offline' },
        { key: 'prompt', value: 'consent' },
        { key: 'include_granted_scopes', value: 'true' },
      ],
    },
    accessRequestConfig: { url: GOOGLE_TOKEN_URL },
    refreshRequestConfig: { url: GOOGLE_TOKEN_URL },
  };
}
