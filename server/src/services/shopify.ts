/**
 * The storefront install hand-off (forms-dp 2.11): `/shopify` receives
 * `shop`, `timestamp` and `hmac` from the storefront platform; before the browser is sent to
 * the shop's authorize page, the server checks the link (the old product computed an HMAC and
 * never checked it).
 *
 * The check follows Shopify's documented scheme: every query parameter except `hmac` (and the
 * legacy `signature`), sorted by name, joined as `name=value` with `&` (`%` and `&` escaped in
 * names and values, `=` in names), HMAC-SHA256 with the app's client secret, hex; compared in
 * constant time. The shop must be a `*.myshopify.com` host and the timestamp at most 24 h old.
 *
 * The app is the portal app with the slug 'shopify' (slugs are unique across tenants): its
 * OAuth 2.0 client id and the client secret sealed in the vault.
 *
 * The return leg: the storefront sends the owner back to `/auth/shopify/redirect?code&hmac&
 * shop&state&timestamp`; that route forwards the query to the web page `/shopify`, which checks
 * `state` against the one it kept in session storage and posts the query (signed in) to
 * {@link ShopifyInstallService.connectStore}: same HMAC check, then the code is exchanged at
 * `https://{shop}/admin/oauth/access_token` through the SSRF-guarded client and the access token
 * is stored, sealed, as an account of the catalogue app 'shopify-store' in the user's workspace.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Problem, unprocessable } from '../kernel/errors.js';
import { createDeferredRateLimiter } from '../security/rate-limit-store.js';
import { clientSecretContext } from '../integrations/registry.js';
import { createHttpClient, type HttpClient, isHttpClientError } from '../security/http-client.js';
import { createPortalAppStore } from '../store/repos/portal-apps.js';
import { isOperatorWorkspace } from './operators.js';
import type { PlatformDeps } from '../deps.js';
import type { ShopifyConnectView, ShopifyInstallView } from '../kernel/contracts/apps.js';
import type { AuthContext, Services } from '../kernel/types.js';

/** The slug of the portal app that holds the storefront's client id and secret. */
export const SHOPIFY_APP_SLUG = 'shopify';

/** How old an install link may be. */
export const SHOPIFY_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** How far ahead of the server's clock a timestamp may be (clock skew). */
export const SHOPIFY_MAX_SKEW_MS = 5 * 60 * 1000;

/** The scope list of forms-dp 2.11: read and write for each resource. */
export const SHOPIFY_SCOPES: readonly string[] = [
  'orders',
  'content',
  'customers',
  'fulfillments',
  'inventory',
  'products',
  'reports',
].flatMap((resource) => [`read_${resource}`, `write_${resource}`]);

/** The path the storefront sends the shop owner back to (the OAuth redirect of the 'shopify' app). */
export const SHOPIFY_REDIRECT_PATH = `/auth/${SHOPIFY_APP_SLUG}/redirect`;

/** A shop's host: one DNS label under myshopify.com. */
const SHOP_RULE = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/i;

/** Install checks per visitor address and minute. */
const PER_IP_PER_MINUTE = 60;

/** The outcome of checking an install link's query. */
export type ShopifyQueryCheck =
  | { ok: true; shop: string }
  | { ok: false; field: 'shop' | 'timestamp' | 'hmac'; message: string; status: 401 | 422 };

const escapeValue = (text: string) => text.replace(/%/g, '%25').replace(/&/g, '%26');
const escapeName = (text: string) => escapeValue(text).replace(/=/g, '%3D');

/**
 * The message Shopify signs: the query without `hmac` and `signature`, sorted by name.
 *
 * @example shopifyHmacMessage(new URLSearchParams('timestamp=1&shop=a.myshopify.com&hmac=x'))
 * // 'shop=a.myshopify.com&timestamp=1'
 */
export function shopifyHmacMessage(params: URLSearchParams): string {
  return [...params.entries()]
    .filter(([name]) => name !== 'hmac' && name !== 'signature')
    .map(([name, value]) => `${escapeName(name)}=${escapeValue(value)}`)
    .sort()
    .join('&');
}

/** The hex HMAC-SHA256 of the signed message with the client secret. */
export function shopifyHmac(params: URLSearchParams, secret: string): string {
  return createHmac('sha256', secret).update(shopifyHmacMessage(params)).digest('hex');
}

/**
 * Checks an install link's query: shop, timestamp and hmac present, the shop a
 * `*.myshopify.com` host, the timestamp (seconds) not older than 24 h nor more than 5 min
 * ahead, and the HMAC right (constant-time comparison).
 */
export function checkShopifyQuery(params: URLSearchParams, secret: string, nowMs: number): ShopifyQueryCheck {
  for (const name of ['shop', 'timestamp', 'hmac'] as const) {
    if (!params.get(name)) return { ok: false, field: name, status: 422, message: 'Missing required query params' };
  }
  const shop = params.get('shop')!;
  if (!SHOP_RULE.test(shop) || shop.length > 255) {
    return { ok: false, field: 'shop', status: 422, message: 'The shop must be a *.myshopify.com address.' };
  }
  const timestamp = params.get('timestamp')!;
  const seconds = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : Number.NaN;
  if (!Number.isFinite(seconds)) {
    return { ok: false, field: 'timestamp', status: 422, message: 'The timestamp must be a number of seconds.' };
  }
  const age = nowMs - seconds * 1000;
  if (age > SHOPIFY_MAX_AGE_MS) {
    return {
      ok: false,
      field: 'timestamp',
      status: 422,
      message: 'This install link is older than 24 hours. Start the install again from your store.',
    };
  }
  if (age < -SHOPIFY_MAX_SKEW_MS) {
    return { ok: false, field: 'timestamp', status: 422, message: 'The timestamp is in the future.' };
  }
  const given = params.get('hmac')!.toLowerCase();
  const expected = shopifyHmac(params, secret);
  const isMatch =
    /^[0-9a-f]{64}$/.test(given) && timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(expected, 'hex'));
  if (!isMatch) {
    return {
      ok: false,
      field: 'hmac',
      status: 401,
      message: 'The install link is not signed by the storefront (HMAC mismatch).',
    };
  }
  return { ok: true, shop: shop.toLowerCase() };
}

/** The catalogue app whose accounts hold a shop's Admin API access token. */
export const SHOPIFY_STORE_APP_SLUG = 'shopify-store';

/**
 * The environment variable that sends the code exchange to another origin instead of
 * `https://{shop}` (a local fake storefront in tests, or an operator's egress proxy); the host
 * must still pass the SSRF guard (JUNCTION_ALLOWED_HOSTS).
 */
export const SHOPIFY_ADMIN_ORIGIN_ENV = 'JUNCTION_SHOPIFY_ADMIN_ORIGIN';

/** Return-leg attempts per user and minute. */
const CONNECTS_PER_USER_PER_MINUTE = 20;

/** The storefront hand-off service. */
export interface ShopifyInstallService {
  /** Checks the install link's raw query (without '?'); answers where to authorize, else a Problem. */
  verifyInstall(visitor: { ip: string }, query: string): Promise<ShopifyInstallView>;
  /**
   * The return leg: checks the signed return query (code, hmac, shop, state, timestamp), exchanges
   * the code for the shop's access token and stores it for the signed-in user's workspace.
   */
  connectStore(ctx: AuthContext, query: string): Promise<ShopifyConnectView>;
}

/** Collaborators of {@link createShopifyInstallService}. */
export interface ShopifyServiceOptions {
  /** Stores the account (sealed by the vault). */
  credentials: Pick<Services['credentials'], 'list' | 'create' | 'update'>;
  /** The guarded client for the code exchange; default one built from JUNCTION_ALLOWED_HOSTS. */
  http?: HttpClient;
  /** Where the code exchange goes instead of `https://{shop}`; default {@link SHOPIFY_ADMIN_ORIGIN_ENV}. */
  adminOrigin?: string;
}

/** Builds the hand-off over the portal apps table and the vault. */
export function createShopifyInstallService(deps: PlatformDeps, options: ShopifyServiceOptions): ShopifyInstallService {
  // Shared by every API process when REDIS_URL is set (security/rate-limit-store.ts).
  const limiter = deps.rateLimiter ?? createDeferredRateLimiter(deps.now);
  const portalApps = createPortalAppStore(deps.handle.db);
  let http = options.http;
  const client = () => {
    http ??= createHttpClient(deps.config.allowedHosts === undefined ? {} : { allowedHosts: deps.config.allowedHosts });
    return http;
  };
  const limit = async (key: string, perMinute: number) => {
    if (!deps.config.rateLimits) return;
    const wait = await limiter.take(key, perMinute);
    if (wait > 0) {
      throw new Problem(429, 'Too Many Requests', {
        detail: `Too many requests. Try again in ${wait} seconds.`,
        retryAfter: wait,
      });
    }
  };

  /** The storefront's client id and secret (the portal app 'shopify'), or 503. */
  const loadClient = async (): Promise<{ clientId: string; secret: string }> => {
    // Slugs are unique across tenants: the one 'shopify' app holds the storefront's client.
    const app = await portalApps.findAnyTenant(SHOPIFY_APP_SLUG);
    const clientId = app?.definition?.authInfo?.clientInfo?.client_id?.trim();
    // Only an operator's workspace may hold the storefront's client (slugs of hand-offs are reserved).
    if (!app?.clientSecret || !clientId || !(await isOperatorWorkspace(deps, app.tenantId))) {
      throw new Problem(503, 'Service Unavailable', {
        detail:
          "Storefront authorization is not set up on this server: an operator (SUPPORT_OPERATORS) declares the portal app 'shopify' with OAuth 2.0 and its client id and secret.",
      });
    }
    const secret = deps.vault.decrypt(
      app.clientSecret,
      clientSecretContext({ tenantId: app.tenantId, slug: SHOPIFY_APP_SLUG }),
    );
    return { clientId, secret };
  };

  /** Checks presence of `required`, then the signature; answers the shop. */
  const checkSigned = async (query: string, required: readonly string[]) => {
    const params = new URLSearchParams(query.replace(/^\?/, ''));
    for (const name of required) {
      if (!params.get(name)) throw unprocessable('Missing required query params', `query.${name}`);
    }
    const { clientId, secret } = await loadClient();
    const check = checkShopifyQuery(params, secret, deps.now());
    if (!check.ok) {
      if (check.status === 401) throw new Problem(401, 'Unauthorized', { detail: check.message, field: 'query.hmac' });
      throw unprocessable(check.message, `query.${check.field}`);
    }
    return { params, shop: check.shop, clientId, secret };
  };

  /** Exchanges the code at the shop's token endpoint; answers the access token or a 502 Problem. */
  const exchange = async (shop: string, clientId: string, secret: string, code: string): Promise<string> => {
    const origin = (options.adminOrigin ?? process.env[SHOPIFY_ADMIN_ORIGIN_ENV] ?? `https://${shop}`).replace(
      /\/+$/,
      '',
    );
    const failed = (detail: string) =>
      new Problem(502, 'Bad Gateway', { detail: `${detail} Start the install again from your store.` });
    let response: Awaited<ReturnType<HttpClient['send']>>;
    try {
      response = await client().send({
        method: 'POST',
        url: `${origin}/admin/oauth/access_token`,
        query: [],
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: { client_id: clientId, client_secret: secret, code },
      });
    } catch (error) {
      if (!isHttpClientError(error)) throw error;
      deps.logger.warn({ shop, code: error.code }, 'Shopify code exchange could not reach the store');
      throw failed(`The store ${shop} could not be reached (${error.code}).`);
    }
    const body = (response.body ?? {}) as { access_token?: unknown; error?: unknown; error_description?: unknown };
    if (response.status !== 200 || typeof body.access_token !== 'string' || !body.access_token) {
      const reason = [body.error, body.error_description]
        .filter((part): part is string => typeof part === 'string' && part.length > 0)
        .join(': ')
        .slice(0, 300);
      deps.logger.warn({ shop, status: response.status }, 'Shopify code exchange refused');
      throw failed(
        `The store ${shop} refused the authorisation code (HTTP ${response.status}${reason ? `: ${reason}` : ''}).`,
      );
    }
    return body.access_token;
  };

  return {
    async verifyInstall(visitor, query) {
      await limit(`shopify:ip:${visitor.ip}`, PER_IP_PER_MINUTE);
      const { shop, clientId } = await checkSigned(query, ['shop', 'timestamp', 'hmac']);
      const redirectUri = `${deps.config.publicUrl.replace(/\/+$/, '')}${SHOPIFY_REDIRECT_PATH}`;
      const scopes = [...SHOPIFY_SCOPES];
      const authorize = new URL(`https://${shop}/admin/oauth/authorize`);
      authorize.searchParams.set('client_id', clientId);
      authorize.searchParams.set('scope', scopes.join(','));
      authorize.searchParams.set('redirect_uri', redirectUri);
      return { shop, clientId, scopes, redirectUri, authorizeUrl: authorize.toString() };
    },

    async connectStore(ctx, query) {
      await limit(`shopify:user:${ctx.userId}`, CONNECTS_PER_USER_PER_MINUTE);
      const { params, shop, clientId, secret } = await checkSigned(query, [
        'code',
        'shop',
        'state',
        'timestamp',
        'hmac',
      ]);
      const code = params.get('code')!;
      if (code.length > 512) throw unprocessable('The authorisation code is too long.', 'query.code');
      const token = await exchange(shop, clientId, secret, code);
      const storeName = shop.slice(0, -'.myshopify.com'.length);
      const values = { shop: storeName, api_key: token };
      // One account per shop and workspace: a second install gives the existing one the new token.
      const existing = (await options.credentials.list(ctx, { app: SHOPIFY_STORE_APP_SLUG })).find(
        (credential) => credential.values.shop?.toLowerCase() === storeName,
      );
      if (existing) {
        await options.credentials.update(ctx, existing.id, { values });
        return { shop, credentialId: existing.id, name: existing.name, isReconnect: true };
      }
      const name = `Shopify ${storeName}`;
      const created = await options.credentials.create(ctx, { app: SHOPIFY_STORE_APP_SLUG, name, values });
      return { shop, credentialId: created.id, name: created.name, isReconnect: false };
    },
  };
}
