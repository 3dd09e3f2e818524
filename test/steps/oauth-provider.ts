/**
 * A real, small OAuth 2.0 authorization server for tests (RFC 6749 authorization-code and
 * refresh-token grants, RFC 7636 PKCE S256), plus a protected API, on 127.0.0.1 with a random
 * port. The consent page "approves" at once (302 back with a code) unless `deny` is set.
 *
 * - `GET /authorize`: checks client_id and redirect_uri, answers 302 to redirect_uri with
 *   `code` and `state` (or `error=access_denied`);
 * - `POST /token` (form-encoded): exchanges a code once (redirect_uri and PKCE verifier
 *   checked) or a refresh token, rotating it (the old one is revoked); counts refresh calls;
 *   `invalidGrant` makes every refresh answer 400 `invalid_grant`;
 * - `GET /api/me`: 200 with the user for a live bearer token, else 401;
 * - `GET /api/items?page=n`: a page of items with `links` to the next page (bearer required).
 */
import { createHash, randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';

/** Settings and counters of a running provider (tests change the settings between calls). */
export interface OAuthProvider {
  url: string;
  port: number;
  clientId: string;
  clientSecret: string;
  /** Seconds the issued access tokens live (answered as expires_in). */
  accessTtlSeconds: number;
  /** When true, the consent page answers `error=access_denied`. */
  deny: boolean;
  /** When true, /authorize answers an HTML consent page whose 'Allow' link goes back (a real document, as providers have). */
  consentPage: boolean;
  /** When true, every refresh answers 400 invalid_grant. */
  invalidGrant: boolean;
  /** Milliseconds a token request takes (widens the window for concurrent callers). */
  tokenDelayMs: number;
  /** Refresh-grant requests received. */
  refreshCalls: number;
  /** Code-exchange requests received. */
  codeCalls: number;
  /** Query of every /authorize request. */
  authorizeRequests: Record<string, string>[];
  /** Issues a token set directly (as if a code had been exchanged). */
  grant(): { access_token: string; refresh_token: string; expires_in: number };
  /** Revokes every access token issued so far (the next API call answers 401). */
  revokeAccessTokens(): void;
  /** Whether a refresh token is still accepted. */
  isRefreshTokenLive(token: string): boolean;
  app: FastifyInstance;
  close(): Promise<void>;
}

const PAGE_SIZE = 3;
const PAGES = 3;

/** Starts a provider on 127.0.0.1. */
export async function startOAuthProvider(): Promise<OAuthProvider> {
  const app = Fastify({ logger: false });
  const codes = new Map<string, { redirectUri: string; challenge?: string; used: boolean }>();
  const accessTokens = new Map<string, { expiresAt: number; live: boolean }>();
  const refreshTokens = new Map<string, boolean>();
  const token = () => randomBytes(16).toString('hex');

  const issue = (provider: OAuthProvider) => {
    const access = `at-${token()}`;
    const refresh = `rt-${token()}`;
    accessTokens.set(access, { expiresAt: Date.now() + provider.accessTtlSeconds * 1000, live: true });
    refreshTokens.set(refresh, true);
    return {
      access_token: access,
      refresh_token: refresh,
      expires_in: provider.accessTtlSeconds,
      token_type: 'Bearer',
      scope: 'read',
    };
  };
  const bearerOk = (header: string | undefined) => {
    const found = header?.startsWith('Bearer ') ? accessTokens.get(header.slice(7)) : undefined;
    return found?.live === true && found.expiresAt > Date.now();
  };

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const provider: OAuthProvider = {
    url: '',
    port: 0,
    clientId: 'junction-test-client',
    clientSecret: `secret-${token()}`,
    accessTtlSeconds: 3600,
    deny: false,
    consentPage: false,
    invalidGrant: false,
    tokenDelayMs: 0,
    refreshCalls: 0,
    codeCalls: 0,
    authorizeRequests: [],
    grant() {
      return issue(provider);
    },
    revokeAccessTokens() {
      for (const entry of accessTokens.values()) entry.live = false;
    },
    isRefreshTokenLive(value) {
      return refreshTokens.get(value) === true;
    },
    app,
    close: () => app.close(),
  };

  app.get('/authorize', async (req, reply) => {
    const q = req.query as Record<string, string>;
    provider.authorizeRequests.push(q);
    if (q.client_id !== provider.clientId || !q.redirect_uri) return reply.code(400).send({ error: 'invalid_client' });
    const target = new URL(q.redirect_uri);
    if (provider.deny) {
      target.searchParams.set('error', 'access_denied');
    } else {
      const code = `code-${token()}`;
      codes.set(code, { redirectUri: q.redirect_uri, challenge: q.code_challenge, used: false });
      target.searchParams.set('code', code);
    }
    if (q.state) target.searchParams.set('state', q.state);
    if (provider.consentPage) {
      const href = target.toString().replace(/&/g, '&amp;').replace(/"/g, '&quot;');
      return reply
        .type('text/html')
        .send(
          `<!doctype html><title>Acme consent</title><h1>Allow Junction?</h1><a id="allow" href="${href}">Allow</a>`,
        );
    }
    return reply.redirect(target.toString(), 302);
  });

  app.post('/token', async (req, reply) => {
    const form = (req.body ?? {}) as Record<string, string>;
    if (provider.tokenDelayMs > 0) await new Promise((r) => setTimeout(r, provider.tokenDelayMs));
    if (form.client_id !== provider.clientId || form.client_secret !== provider.clientSecret) {
      return reply.code(401).send({ error: 'invalid_client' });
    }
    if (form.grant_type === 'authorization_code') {
      provider.codeCalls += 1;
      const code = codes.get(form.code ?? '');
      if (!code || code.used || code.redirectUri !== form.redirect_uri) {
        return reply.code(400).send({ error: 'invalid_grant', error_description: 'Unknown or used code.' });
      }
      if (code.challenge) {
        const computed = createHash('sha256')
          .update(form.code_verifier ?? '')
          .digest('base64url');
        if (computed !== code.challenge) {
          return reply.code(400).send({ error: 'invalid_grant', error_description: 'PKCE verification failed.' });
        }
      }
      code.used = true;
      return issue(provider);
    }
    if (form.grant_type === 'refresh_token') {
      provider.refreshCalls += 1;
      const refresh = form.refresh_token ?? '';
      if (provider.invalidGrant || refreshTokens.get(refresh) !== true) {
        return reply.code(400).send({ error: 'invalid_grant', error_description: 'The refresh token is not valid.' });
      }
      refreshTokens.set(refresh, false);
      return issue(provider);
    }
    return reply.code(400).send({ error: 'unsupported_grant_type' });
  });

  app.get('/api/me', async (req, reply) => {
    if (!bearerOk(req.headers.authorization)) return reply.code(401).send({ error: 'invalid_token' });
    return { id: 'user-1', name: 'Ada Lovelace' };
  });

  app.get('/api/items', async (req, reply) => {
    if (!bearerOk(req.headers.authorization)) return reply.code(401).send({ error: 'invalid_token' });
    const page = Math.max(1, Number((req.query as { page?: string }).page ?? 1));
    const items = Array.from({ length: PAGE_SIZE }, (_, i) => {
      const n = (page - 1) * PAGE_SIZE + i + 1;
      return { id: `item-${n}`, title: `Item ${n}` };
    });
    return page < PAGES
      ? { items, links: [{ rel: 'next', href: `/api/items?page=${page + 1}` }] }
      : { items, links: [] };
  });

  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  provider.port = typeof address === 'object' && address ? address.port : 0;
  provider.url = `http://127.0.0.1:${provider.port}`;
  return provider;
}
