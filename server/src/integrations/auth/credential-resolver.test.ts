/**
 * The credential resolver across "processes": two resolver instances, each with its own
 * database handle (as two servers or workers would have), against a real local OAuth 2.0
 * server. One refresh request for all concurrent callers, the rotated refresh token stored,
 * a dead lease holder taken over, invalid_grant marking the credential for reconnection.
 */
import { randomUUID } from 'node:crypto';
import type { AppDefinition } from '@junction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OAuthProvider, startOAuthProvider } from '../../../../test/steps/oauth-provider.js';
import { createHttpClient, type HttpClient } from '../../security/http-client.js';
import { createVault, loadVaultKeys } from '../../security/vault.js';
import type { IntegrationDeps } from '../deps.js';
import { createServices, type ServicesWithLifecycle } from '../../compose.js';
import { createLogger } from '../../log.js';
import type { AuthContext } from '../../kernel/types.js';
import { createDb, type DbHandle } from '../../store/create-db.js';
import { createRepos } from '../../store/repos/index.js';
import { type OpenTestDatabase, openTestDatabases } from '../../store/test-db.js';
import { executeStep } from '../executor.js';
import { createCredentialResolver, RECONNECT_MESSAGE } from './credential-resolver.js';
import { createCredentialStatusRepo } from '../../store/repos/credential-auth.js';

function oauthApp(provider: OAuthProvider): AppDefinition {
  return {
    appSlug: 'acme-resolver',
    appName: 'Acme',
    actions: { me: { title: 'Me', method: 'get', url: `${provider.url}/api/me`, fields: [] } },
    triggers: {},
    authInfo: {
      apiType: 'oauth2',
      clientInfo: { client_id: provider.clientId, client_secret: provider.clientSecret },
      auth_url: `${provider.url}/authorize`,
      token_url: `${provider.url}/token`,
    },
  };
}

describe.each(openTestDatabases())('credential resolver on $dialect', (testDb) => {
  let opened: OpenTestDatabase;
  let services: ServicesWithLifecycle;
  let provider: OAuthProvider;
  let http: HttpClient;
  let second: DbHandle;
  let ctx: AuthContext;
  let app: AppDefinition;

  const depsOver = (handle: DbHandle): IntegrationDeps => ({
    config: opened.config,
    handle,
    repos: createRepos(handle.db),
    vault: createVault(loadVaultKeys(opened.config)),
    logger: createLogger('silent'),
    now: Date.now,
    newId: randomUUID,
  });

  /** A credential whose access token expired a minute ago, with a live refresh token. */
  async function expiredCredential(): Promise<{ id: string; refreshToken: string }> {
    const tokens = provider.grant();
    const created = await services.credentials.create(ctx, {
      app: app.appSlug,
      values: {
        access_token: 'expired-access-token',
        refresh_token: tokens.refresh_token,
        expires_at: new Date(Date.now() - 60_000).toISOString(),
      },
    });
    return { id: created.id, refreshToken: tokens.refresh_token };
  }

  beforeAll(async () => {
    provider = await startOAuthProvider();
    app = oauthApp(provider);
    http = createHttpClient({ allowedHosts: `127.0.0.1:${provider.port}` });
    opened = await testDb.open();
    services = createServices(opened.config);
    second = createDb(opened.config);
    const grant = await services.accounts.signUp({
      email: `resolver-${Date.now()}@example.com`,
      password: 'Plenty-of-letters-42',
    });
    const session = await services.accounts.authenticate(grant.token);
    if (!session) throw new Error('no session');
    ctx = session;
  });
  afterAll(async () => {
    await services?.close();
    await second?.close();
    await opened?.close();
    await http?.close();
    await provider?.close();
  });

  it('sends one refresh request for 50 concurrent callers in two processes and stores the rotated token', async () => {
    provider.tokenDelayMs = 150;
    const { id, refreshToken } = await expiredCredential();
    const one = createCredentialResolver(depsOver(opened), { http });
    const two = createCredentialResolver(depsOver(second), { http });
    const before = provider.refreshCalls;
    const values = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? one : two).valuesFor(ctx.tenantId, id, app)),
    );
    provider.tokenDelayMs = 0;
    expect(provider.refreshCalls - before).toBe(1);
    const tokens = new Set(values.map((v) => v.access_token));
    expect(tokens.size).toBe(1);
    expect([...tokens][0]).not.toBe('expired-access-token');
    // Rotated: the old refresh token is dead at the provider, the stored one is the new live one.
    const stored = await services.credentials.reveal(ctx, id);
    expect(stored.refresh_token).not.toBe(refreshToken);
    expect(provider.isRefreshTokenLive(refreshToken)).toBe(false);
    expect(provider.isRefreshTokenLive(stored.refresh_token ?? '')).toBe(true);
    expect(Date.parse(stored.expires_at ?? '')).toBeGreaterThan(Date.now() + 60_000);
  });

  it('takes over the lease of a process that died while refreshing', async () => {
    const { id } = await expiredCredential();
    const statuses = createCredentialStatusRepo(opened.db);
    const now = new Date().toISOString();
    const row = await statuses.ensure(ctx.tenantId, id, now);
    const until = new Date(Date.now() + 300).toISOString();
    expect(await statuses.takeLease(ctx.tenantId, id, row.tokenVersion, 'dead-process', now, until)).toBe(true);
    const resolver = createCredentialResolver(depsOver(second), { http, leaseMs: 300, pollMs: 20 });
    const before = provider.refreshCalls;
    const values = await resolver.valuesFor(ctx.tenantId, id, app);
    expect(values.access_token).not.toBe('expired-access-token');
    expect(provider.refreshCalls - before).toBe(1);
  });

  it('refreshes after a 401 only when the token used is still the stored one', async () => {
    const { id } = await expiredCredential();
    const resolver = createCredentialResolver(depsOver(opened), { http });
    const fresh = await resolver.valuesFor(ctx.tenantId, id, app);
    const before = provider.refreshCalls;
    // A caller that used the old token learns the new one without another refresh.
    const known = await resolver.refreshAfterUnauthorized(ctx.tenantId, id, app, {
      access_token: 'expired-access-token',
    });
    expect(known?.access_token).toBe(fresh.access_token);
    expect(provider.refreshCalls).toBe(before);
    const renewed = await resolver.refreshAfterUnauthorized(ctx.tenantId, id, app, fresh);
    expect(renewed?.access_token).not.toBe(fresh.access_token);
    expect(provider.refreshCalls - before).toBe(1);
  });

  it('lets executeStep refresh after a 401 with nothing but the resolved values (the engine path)', async () => {
    const { id } = await expiredCredential();
    const resolver = createCredentialResolver(depsOver(opened), { http });
    const credential = await resolver.valuesFor(ctx.tenantId, id, app);
    expect(Object.keys(credential).sort()).toEqual([
      'access_token',
      'expires_at',
      'refresh_token',
      'scope',
      'token_type',
    ]);
    provider.revokeAccessTokens();
    const before = provider.refreshCalls;
    const result = await executeStep({ app, actionKey: 'me', values: {}, credential, base: '', http });
    expect(result).toMatchObject({ ok: true, output: { name: 'Ada Lovelace' } });
    expect(provider.refreshCalls - before).toBe(1);
    expect(JSON.stringify(result.request)).not.toContain(credential.access_token);
  });

  it('marks the credential for reconnection on invalid_grant and stops asking the provider', async () => {
    const { id } = await expiredCredential();
    const resolver = createCredentialResolver(depsOver(opened), { http });
    provider.invalidGrant = true;
    try {
      const failure = await resolver.valuesFor(ctx.tenantId, id, app).catch((e: unknown) => e);
      expect(failure).toMatchObject({ name: 'Problem', status: 422, field: 'credential' });
      expect((failure as Error).message).toBe(RECONNECT_MESSAGE);
      const calls = provider.refreshCalls;
      await expect(resolver.valuesFor(ctx.tenantId, id, app)).rejects.toThrow(RECONNECT_MESSAGE);
      expect(provider.refreshCalls).toBe(calls);
      const view = await services.credentials.get(ctx, id);
      expect(view).toMatchObject({ needsReconnect: true, statusMessage: RECONNECT_MESSAGE });
    } finally {
      provider.invalidGrant = false;
    }
  });

  it('hands out other schemes as stored, and keeps tenants apart', async () => {
    const created = await services.credentials.create(ctx, { app: 'demo-crm', values: { api_key: 'k-123456' } });
    const resolver = createCredentialResolver(depsOver(opened), { http });
    const basic = { ...app, authInfo: { apiType: 'apikey' as const } };
    expect(await resolver.valuesFor(ctx.tenantId, created.id, basic)).toEqual({ api_key: 'k-123456' });
    await expect(resolver.valuesFor('another-tenant', created.id, basic)).rejects.toThrow('Credential not found.');
  });
});
