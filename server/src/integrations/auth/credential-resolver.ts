/**
 * The credential resolver: turns a step's credential id into the decrypted values the request
 * builder applies (api_key, username/password, access_token…). The engine and step tests get
 * credentials only through here, so OAuth 2.0 refresh lives in one place:
 *
 * - before expiry: a token expiring within 60 s is refreshed before it is handed out;
 * - after a 401: `refreshAfterUnauthorized` (or the `onUnauthorized` hook of `forStep`) refreshes
 *   once and the executor retries the request once (`valuesFor` attaches that hook to the
 *   values it answers, see ./refresh-hook.ts, so callers need not wire it);
 * - single flight: in one process concurrent callers share one promise per credential; across
 *   processes a lease row (`credential_auth`, a conditional UPDATE over the token version) lets
 *   exactly one process call the provider while the others wait for the new version;
 * - a rotated refresh token is stored with the new access token; `invalid_grant` marks the
 *   credential as needing reconnection ('Connection expired, please reconnect an account').
 */
import { randomUUID } from 'node:crypto';
import { splitCredentialValues } from '@junction/core';
import { notFound, Problem } from '../../kernel/errors.js';
import { createHttpClient, type HttpClient } from '../../security/http-client.js';
import type { IntegrationDeps } from '../deps.js';
import { createCredentialsRepo } from '../../store/repos/credentials.js';
import type { CredentialRecord } from '../../store/repos/index.js';
import { inTransaction } from '../../store/repos/transaction.js';
import { getDefaultSandbox, type Sandbox } from '../../sandbox/index.js';
import type { RunnableApp } from '../registry.js';
import { createCredentialStatusRepo } from '../../store/repos/credential-auth.js';
import { hasCustomAuth, runCustomAuth } from './custom-code-auth.js';
import { isExpiring, isOAuthError, readOAuthSettings, refreshTokens, tokenValues } from './oauth2.js';
import { withRefreshHook } from './refresh-hook.js';

/** What the user reads when a connection no longer works (editor-core 4.7, 8). */
export const RECONNECT_MESSAGE = 'Connection expired, please reconnect an account';

/** Decrypted credential values. */
export type CredentialValues = Record<string, string>;

/** What a step run needs from a credential: its values and the 401 hook for `executeStep`. */
export interface StepCredential {
  credential: CredentialValues;
  /** Refreshes after a 401 and answers the new values (undefined when the credential cannot be refreshed). */
  onUnauthorized?: () => Promise<CredentialValues | undefined>;
}

/**
 * Resolves credentials for server-internal callers (never for a browser). Apps with custom
 * auth code (apiType 'customCode') get the values their code answers (./custom-code-auth.ts).
 */
export interface CredentialResolver {
  /**
   * Decrypted values of the tenant's credential, refreshed first when an OAuth 2.0 token
   * expires within 60 s; 404 Problem when it is not the tenant's; 422 Problem with
   * 'Connection expired, please reconnect an account' when it needs reconnecting.
   */
  valuesFor(tenantId: string, credentialId: string, app: RunnableApp): Promise<CredentialValues>;
  /**
   * After a 401 answered to `used`: refreshes (once for all concurrent callers) and answers
   * the new values, or undefined when the credential is not a refreshable OAuth 2.0 one.
   */
  refreshAfterUnauthorized(
    tenantId: string,
    credentialId: string,
    app: RunnableApp,
    used: CredentialValues,
  ): Promise<CredentialValues | undefined>;
  /** `valuesFor` plus the `onUnauthorized` hook to hand to `executeStep`. */
  forStep(tenantId: string, credentialId: string, app: RunnableApp): Promise<StepCredential>;
}

/** Options of {@link createCredentialResolver}. */
export interface CredentialResolverOptions {
  /** Client for token requests; default a guarded client (allowlist from JUNCTION_ALLOWED_HOSTS), made on first use. */
  http?: HttpClient;
  /** How long a refresh lease holds, ms (default 30 s). */
  leaseMs?: number;
  /** How often a waiting process looks for the new token, ms (default 50). */
  pollMs?: number;
  /** Where custom-code authentication runs; default the process-wide sandbox. */
  sandbox?: Sandbox;
  /** How long the values custom auth code answered are reused, ms (default 5 minutes). */
  customAuthTtlMs?: number;
}

/** Values answered by custom auth code, by tenant, credential and its last change. */
interface CustomAuthEntry {
  values: CredentialValues;
  until: number;
}

/** The Problem a step or a check fails with when the credential needs reconnecting. */
export function reconnectProblem(): Problem {
  return new Problem(422, 'Unprocessable Content', { detail: RECONNECT_MESSAGE, field: 'credential' });
}

/** Builds the resolver. */
export function createCredentialResolver(
  deps: IntegrationDeps,
  options: CredentialResolverOptions = {},
): CredentialResolver {
  const leaseMs = options.leaseMs ?? 30_000;
  const pollMs = options.pollMs ?? 50;
  // Bounded: a holder that died frees the lease after leaseMs; wait a little longer than that.
  const maxRounds = Math.ceil((leaseMs * 1.5) / pollMs) + 1;
  const owner = randomUUID();
  const statuses = createCredentialStatusRepo(deps.handle.db);
  const inFlight = new Map<string, Promise<CredentialValues>>();
  const customAuthTtlMs = options.customAuthTtlMs ?? 5 * 60_000;
  const customAuth = new Map<string, CustomAuthEntry>();
  const customInFlight = new Map<string, Promise<CredentialValues>>();
  let http = options.http;
  const client = () => {
    // JUNCTION_ALLOWED_HOSTS (config, else the environment at first use), as for portal apps.
    http ??= createHttpClient(deps.config.allowedHosts === undefined ? {} : { allowedHosts: deps.config.allowedHosts });
    return http;
  };
  const iso = (plusMs = 0) => new Date(deps.now() + plusMs).toISOString();

  const load = async (tenantId: string, credentialId: string): Promise<CredentialRecord> => {
    const record =
      typeof credentialId === 'string' ? await deps.repos.credentials.get(tenantId, credentialId) : undefined;
    if (!record) throw notFound('Credential');
    return record;
  };
  const open = (record: CredentialRecord): CredentialValues => ({
    ...record.publicValues,
    ...(JSON.parse(
      deps.vault.decrypt(record.sealed, { tenantId: record.tenantId, credentialId: record.id }),
    ) as CredentialValues),
  });

  const markReconnect = async (tenantId: string, credentialId: string) => {
    await statuses.setHealth(
      tenantId,
      credentialId,
      { needsReconnect: true, statusMessage: RECONNECT_MESSAGE, checkedAt: iso() },
      iso(),
    );
  };

  // Stores new values and bumps the version in one transaction, only while holding the lease.
  const store = async (
    tenantId: string,
    credentialId: string,
    app: RunnableApp,
    values: CredentialValues,
  ): Promise<void> => {
    // Secret unless the app marks the field public (core's rule).
    const { secrets, publicValues } = splitCredentialValues(app, values);
    const sealed = deps.vault.encrypt(JSON.stringify(secrets), { tenantId, credentialId });
    await inTransaction(deps.handle.db, async (trx) => {
      const held = await createCredentialStatusRepo(trx).bumpVersion(tenantId, credentialId, owner, iso());
      if (!held)
        throw new Error(`The refresh lease of credential ${credentialId} was lost before its tokens were stored.`);
      await createCredentialsRepo(trx).update(tenantId, credentialId, {
        sealed,
        publicValues,
        secretKeys: Object.keys(secrets),
        updatedAt: iso(),
      });
    });
  };

  // One refresh across processes: the lease winner calls the provider, the others wait for its result.
  const refreshOnce = async (
    tenantId: string,
    credentialId: string,
    app: RunnableApp,
    staleToken: string | undefined,
  ): Promise<CredentialValues> => {
    const settings = readOAuthSettings(app);
    if (typeof settings === 'string') throw new Problem(422, 'Unprocessable Content', { detail: settings });
    for (let round = 0; round < maxRounds; round += 1) {
      const status = await statuses.ensure(tenantId, credentialId, iso());
      if (status.needsReconnect) throw reconnectProblem();
      const values = open(await load(tenantId, credentialId));
      // Someone refreshed since the caller read its values: use theirs.
      if (values.access_token !== staleToken) return values;
      if (!values.refresh_token) {
        await markReconnect(tenantId, credentialId);
        throw reconnectProblem();
      }
      if (await statuses.takeLease(tenantId, credentialId, status.tokenVersion, owner, iso(), iso(leaseMs))) {
        try {
          const tokens = await refreshTokens(client(), settings, values.refresh_token);
          const next = tokenValues(tokens, deps.now(), values);
          await store(tenantId, credentialId, app, next);
          return next;
        } catch (error) {
          await statuses.releaseLease(tenantId, credentialId, owner, iso());
          if (isOAuthError(error) && error.error === 'invalid_grant') {
            await markReconnect(tenantId, credentialId);
            deps.logger.warn({ credentialId, app: app.appSlug }, 'OAuth refresh refused (invalid_grant)');
            throw reconnectProblem();
          }
          if (isOAuthError(error)) throw new Problem(502, 'Bad Gateway', { detail: error.message });
          throw error;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
    throw new Problem(503, 'Service Unavailable', {
      detail: `The connection to ${app.appName} is being refreshed elsewhere; try again in a moment.`,
      retryAfter: 1,
    });
  };

  // One refresh per credential in this process, whatever the number of concurrent callers.
  const refresh = (tenantId: string, credentialId: string, app: RunnableApp, staleToken: string | undefined) => {
    const key = `${tenantId}\u0000${credentialId}`;
    let flight = inFlight.get(key);
    if (!flight) {
      flight = refreshOnce(tenantId, credentialId, app, staleToken).finally(() => inFlight.delete(key));
      inFlight.set(key, flight);
    }
    return flight;
  };

  const isOAuth = (app: RunnableApp) => app.authInfo?.apiType === 'oauth2';

  // Custom auth code runs in the sandbox; its answer is reused while the credential is unchanged.
  const withCustomAuth = async (record: CredentialRecord, app: RunnableApp, values: CredentialValues) => {
    const key = `${record.tenantId}\u0000${record.id}\u0000${record.updatedAt}`;
    const cached = customAuth.get(key);
    if (cached && cached.until > deps.now()) return { ...cached.values };
    // Concurrent callers share one run of the code.
    let flight = customInFlight.get(key);
    if (!flight) {
      const sandbox = options.sandbox ?? getDefaultSandbox();
      flight = runCustomAuth(app, values, { sandbox, http: client(), workspace: record.tenantId })
        .then((answered) => {
          for (const [old, entry] of customAuth) if (entry.until <= deps.now()) customAuth.delete(old);
          customAuth.set(key, { values: answered, until: deps.now() + customAuthTtlMs });
          return answered;
        })
        .finally(() => customInFlight.delete(key));
      customInFlight.set(key, flight);
    }
    return { ...(await flight) };
  };

  const valuesFor: CredentialResolver['valuesFor'] = async (tenantId, credentialId, app) => {
    const record = await load(tenantId, credentialId);
    const values = open(record);
    if (hasCustomAuth(app)) return withCustomAuth(record, app, values);
    if (!isOAuth(app)) return values;
    const status = await statuses.get(tenantId, credentialId);
    if (status?.needsReconnect) throw reconnectProblem();
    const current =
      values.refresh_token && isExpiring(values, deps.now())
        ? { ...(await refresh(tenantId, credentialId, app, values.access_token)) }
        : values;
    // executeStep finds this hook on the values: a 401 refreshes and retries once.
    return withRefreshHook(current, () => refreshAfterUnauthorized(tenantId, credentialId, app, current));
  };

  const refreshAfterUnauthorized: CredentialResolver['refreshAfterUnauthorized'] = async (
    tenantId,
    credentialId,
    app,
    used,
  ) => {
    if (!isOAuth(app)) return undefined;
    return refresh(tenantId, credentialId, app, used.access_token);
  };

  return {
    valuesFor,
    refreshAfterUnauthorized,
    async forStep(tenantId, credentialId, app) {
      const credential = await valuesFor(tenantId, credentialId, app);
      if (!isOAuth(app)) return { credential };
      return { credential, onUnauthorized: () => refreshAfterUnauthorized(tenantId, credentialId, app, credential) };
    },
  };
}
