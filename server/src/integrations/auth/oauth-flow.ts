/**
 * The OAuth 2.0 pop-up flow (editor-core 2.5, 7.3):
 *
 * 1. `GET /auth/{app}?uid&ticket` (ticket: a single-use, 60-second pop-up ticket standing for
 *    the editor's session, spent by the route; uid must be its user) stores a random `state` (hashed, 10 minutes, used once) bound to that session and
 *    to this browser (an HttpOnly cookie named after the state), with a PKCE verifier when the
 *    app asks for PKCE, and redirects to the provider's consent page.
 * 2. `GET /auth/{app}/redirect?code&state` consumes the state (once, unexpired, same app, same
 *    browser, session still valid), exchanges the code at the token URL through the guarded
 *    client, stores (or, with `c_id`, reconnects) the credential — tokens sealed by the vault —
 *    and answers the page that posts the result to `window.opener`.
 *
 * Every failure after the first redirect ends on the same page with `ok: false` and a sentence
 * the user can act on; nothing the provider sent is reflected unescaped.
 */
import { createHash, randomBytes } from 'node:crypto';
import { splitCredentialValues } from '@junction/core';
import type { FinishOAuthInput, PopupAnswer, StartOAuthInput } from '../../kernel/contracts/steps.js';
import { notFound } from '../../kernel/errors.js';
import { createHttpClient, type HttpClient } from '../../security/http-client.js';
import { createCredentialStatusRepo } from '../../store/repos/credential-auth.js';
import type { CredentialRecord } from '../../store/repos/index.js';
import { createOAuthStatesRepo } from '../../store/repos/oauth-states.js';
import type { IntegrationDeps } from '../deps.js';
import type { AppRegistry } from '../registry.js';
import { OAUTH_PAGE_CSP, type OAuthPopupMessage, renderOAuthPage } from './oauth-page.js';
import {
  buildAuthorizeUrl,
  createPkcePair,
  exchangeCode,
  isOAuthError,
  type OAuthSettings,
  readOAuthSettings,
  tokenValues,
} from './oauth2.js';

/** What the sealing rule needs to know of an app whose account this flow connects. */
const OAUTH_APP = { authInfo: { apiType: 'oauth2' as const } };

/** How long a started flow may take, ms. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;

/** The flow's two steps. */
export interface OAuthFlow {
  start(input: StartOAuthInput): Promise<PopupAnswer>;
  finish(input: FinishOAuthInput): Promise<PopupAnswer>;
  /** The result page with `ok: false` and status 401 (a refused pop-up ticket). */
  refuse(appSlug: string, message: string): PopupAnswer;
}

/** The path of the provider's redirect back to Junction. */
export function oauthRedirectPath(appSlug: string): string {
  return `/auth/${encodeURIComponent(appSlug)}/redirect`;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const cookieName = (state: string) => `junction_oauth_${sha256(state).slice(0, 16)}`;

/** Builds the flow. */
export function createOAuthFlow(
  deps: IntegrationDeps & { registry: AppRegistry },
  options: { http?: HttpClient } = {},
): OAuthFlow {
  const db = deps.handle.db;
  const states = createOAuthStatesRepo(db);
  let http = options.http;
  const client = () => {
    // JUNCTION_ALLOWED_HOSTS (config, else the environment at first use), as for portal apps.
    http ??= createHttpClient(deps.config.allowedHosts === undefined ? {} : { allowedHosts: deps.config.allowedHosts });
    return http;
  };
  const iso = (plusMs = 0) => new Date(deps.now() + plusMs).toISOString();
  const editorOrigin = new URL(deps.config.publicUrl).origin;
  const isSecure = deps.config.publicUrl.startsWith('https:');
  const redirectUri = (slug: string) => `${deps.config.publicUrl}${oauthRedirectPath(slug)}`;

  const page = (message: OAuthPopupMessage, extra: Record<string, string> = {}): PopupAnswer => ({
    status: 200,
    headers: {
      'content-security-policy': OAUTH_PAGE_CSP,
      'cache-control': 'no-store',
      // The pop-up arrives here from the provider's page: any other opener policy would put it
      // in a new browsing context group and cut window.opener (the editor keeps its own policy).
      'cross-origin-opener-policy': 'unsafe-none',
      ...extra,
    },
    html: renderOAuthPage(message, editorOrigin),
  });
  const failure = (app: string, message: string, extra?: Record<string, string>) =>
    page({ type: 'junction:oauth', ok: false, app, message }, extra);

  const resolveSettings = async (tenantId: string, slug: string): Promise<OAuthSettings | string> => {
    const app = await deps.registry.resolve(tenantId, slug);
    if (!app) throw notFound('App');
    return readOAuthSettings(app);
  };

  const start: OAuthFlow['start'] = async (input) => {
    const { appSlug, session } = input;
    if (!session || session.userId !== input.uid) {
      // The slug is checked first only for a valid session: no app lookup for strangers.
      return failure(appSlug, 'Your session has ended. Sign in to Junction again, then connect the account.');
    }
    const settings = await resolveSettings(session.tenantId, appSlug);
    if (typeof settings === 'string') return failure(appSlug, settings);
    if (input.credentialId !== undefined) {
      const existing = await deps.repos.credentials.get(session.tenantId, input.credentialId);
      if (!existing || existing.app !== appSlug) throw notFound('Credential');
    }
    await states.removeExpired(iso());
    const state = randomBytes(32).toString('base64url');
    const browser = randomBytes(32).toString('base64url');
    const pkce = settings.usePkce ? createPkcePair() : undefined;
    await states.insert({
      state_hash: sha256(state),
      tenant_id: session.tenantId,
      user_id: session.userId,
      session_id: session.sessionId,
      browser_hash: sha256(browser),
      app: appSlug,
      credential_id: input.credentialId ?? null,
      code_verifier: pkce?.verifier ?? null,
      expires_at: iso(OAUTH_STATE_TTL_MS),
      used_at: null,
      created_at: iso(),
    });
    const cookie = [
      `${cookieName(state)}=${browser}`,
      'Path=/auth',
      'HttpOnly',
      'SameSite=Lax',
      `Max-Age=${OAUTH_STATE_TTL_MS / 1000}`,
      ...(isSecure ? ['Secure'] : []),
    ].join('; ');
    const location = buildAuthorizeUrl(settings, {
      redirectUri: redirectUri(appSlug),
      state,
      codeChallenge: pkce?.challenge,
    });
    return { status: 302, headers: { location, 'set-cookie': cookie, 'cache-control': 'no-store' } };
  };

  // Marks the state used (once, unexpired, this app, this browser's cookie) and answers its row.
  // A request without the binding cookie spends nothing: whoever learnt the redirect URL cannot
  // cancel the sign-in of the browser that started it.
  const consumeState = async (state: string, appSlug: string, browser: string | undefined) => {
    if (!browser) return undefined;
    return states.consume(sha256(state), appSlug, sha256(browser), iso());
  };

  // Tells whether a state is still open (issued, unexpired, unused) for this app.
  const isStateOpen = (state: string, appSlug: string) => states.isOpen(sha256(state), appSlug, iso());

  const isSessionValid = async (sessionId: string, userId: string) => {
    const session = await deps.repos.sessions.findValidById(sessionId, iso());
    return session !== undefined && session.userId === userId;
  };

  const storeCredential = async (
    row: { tenant_id: string; user_id: string; credential_id: string | null },
    settings: OAuthSettings,
    values: Record<string, string>,
  ): Promise<string> => {
    const at = iso();
    const statuses = createCredentialStatusRepo(db);
    if (row.credential_id) {
      const existing = await deps.repos.credentials.get(row.tenant_id, row.credential_id);
      if (!existing) throw notFound('Credential');
      const previous = {
        ...existing.publicValues,
        ...(JSON.parse(
          deps.vault.decrypt(existing.sealed, { tenantId: existing.tenantId, credentialId: existing.id }),
        ) as Record<string, string>),
      };
      // A provider that sends no new refresh token on reconnect keeps the old one valid.
      const kept = values.refresh_token ?? previous.refresh_token;
      const merged: Record<string, string> = kept ? { ...values, refresh_token: kept } : values;
      await deps.repos.credentials.update(row.tenant_id, existing.id, {
        ...seal(row.tenant_id, existing.id, merged),
        updatedAt: at,
      });
      await statuses.setHealth(row.tenant_id, existing.id, { needsReconnect: false, statusMessage: null }, at);
      return existing.id;
    }
    const id = deps.newId();
    const record: CredentialRecord = {
      id,
      tenantId: row.tenant_id,
      userId: row.user_id,
      app: settings.appSlug,
      name: settings.appName,
      ...seal(row.tenant_id, id, values),
      lastUsed: null,
      createdAt: at,
      updatedAt: at,
    };
    await deps.repos.credentials.insert(record);
    return id;
  };

  const seal = (tenantId: string, credentialId: string, values: Record<string, string>) => {
    // Tokens sealed; only the token answer's facts (expiry, scope, API origin) stay readable (core's rule).
    const { secrets, publicValues } = splitCredentialValues(OAUTH_APP, values);
    const sealed = deps.vault.encrypt(JSON.stringify(secrets), { tenantId, credentialId });
    return { sealed, publicValues, secretKeys: Object.keys(secrets) };
  };

  const finish: OAuthFlow['finish'] = async (input) => {
    const { appSlug } = input;
    const stateText = input.state ?? '';
    // Whatever happens next, the binding cookie is spent.
    const clear = stateText
      ? { 'set-cookie': `${cookieName(stateText)}=; Path=/auth; HttpOnly; SameSite=Lax; Max-Age=0` }
      : undefined;
    const fail = (message: string) => failure(appSlug, message, clear);
    const browser = stateText ? readCookie(input.cookieHeader, cookieName(stateText)) : undefined;
    const row = stateText ? await consumeState(stateText, appSlug, browser) : undefined;
    if (input.error !== undefined) {
      if (input.error === 'access_denied') return fail('You declined access, so no account was connected.');
      const detail = input.errorDescription ? `: ${input.errorDescription.slice(0, 300)}` : '';
      return fail(`The sign-in was refused (${input.error.slice(0, 100)})${detail}.`);
    }
    if (!row) {
      if (stateText && (await isStateOpen(stateText, appSlug))) {
        return fail('This sign-in was started in another browser window. Connect the account again from the editor.');
      }
      return fail('This sign-in has expired or was already used. Close this window and connect the account again.');
    }
    if (!(await isSessionValid(row.session_id, row.user_id))) {
      return fail('Your session has ended. Sign in to Junction again, then connect the account.');
    }
    if (!input.code) return fail('The provider sent no authorisation code. Connect the account again.');
    const settings = await resolveSettings(row.tenant_id, appSlug);
    if (typeof settings === 'string') return fail(settings);
    let values: Record<string, string>;
    try {
      const tokens = await exchangeCode(client(), settings, {
        code: input.code,
        redirectUri: redirectUri(appSlug),
        codeVerifier: row.code_verifier ?? undefined,
      });
      values = tokenValues(tokens, deps.now());
    } catch (error) {
      if (!isOAuthError(error)) throw error;
      deps.logger.warn({ app: appSlug, error: error.error }, 'OAuth code exchange failed');
      return fail(error.message);
    }
    const credentialId = await storeCredential(row, settings, values);
    return page({ type: 'junction:oauth', ok: true, app: appSlug, credentialId }, clear);
  };

  const refuse: OAuthFlow['refuse'] = (appSlug, message) => ({ ...failure(appSlug, message), status: 401 });

  return { start, finish, refuse };
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

// Query values of the pop-up routes that are secrets: the ticket, the code, the state (and `t`,
// which an old editor may still send and the server no longer reads).
const POPUP_SECRET_PARAMS = /([?&](?:t|ticket|code|state)=)[^&#]*/g;

/**
 * The request URL as logs may show it: on the OAuth pop-up routes (`/auth/…`) the `ticket`,
 * the authorisation `code` and the `state` are replaced by '[redacted]'.
 *
 * @example redactPopupUrl('/auth/acme?uid=u1&ticket=secret') // '/auth/acme?uid=u1&ticket=[redacted]'
 */
export function redactPopupUrl(url: string): string {
  return url.startsWith('/auth/') ? url.replace(POPUP_SECRET_PARAMS, '$1[redacted]') : url;
}
