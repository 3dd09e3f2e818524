/**
 * The storefront install hand-off (forms-dp 2.11, issue 6): `/shopify` receives
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
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppDefinition } from '@junction/core';
import { Problem, unprocessable } from '../errors.js';
import { createRateLimiter } from '../forms/limits.js';
import { clientSecretContext } from '../integrations/registry.js';
import type { SealedSecret } from '../store/repos/index.js';
import { readJson } from '../store/json.js';
import type { PlatformDeps } from './platform.js';

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

/** What the browser needs to send the shop owner to the authorize page (it adds its own state). */
export interface ShopifyInstallView {
  shop: string;
  clientId: string;
  scopes: string[];
  redirectUri: string;
  /** `https://{shop}/admin/oauth/authorize` with client_id, scope and redirect_uri (no state). */
  authorizeUrl: string;
}

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

/** The storefront hand-off service. */
export interface ShopifyInstallService {
  /** Checks the install link's raw query (without '?'); answers where to authorize, else a Problem. */
  verifyInstall(visitor: { ip: string }, query: string): Promise<ShopifyInstallView>;
}

/** Builds the hand-off over the portal apps table and the vault. */
export function createShopifyInstallService(deps: PlatformDeps): ShopifyInstallService {
  const limiter = createRateLimiter(60_000, deps.now);
  return {
    async verifyInstall(visitor, query) {
      if (deps.config.rateLimits) {
        const wait = limiter.take(`shopify:ip:${visitor.ip}`, PER_IP_PER_MINUTE);
        if (wait > 0) {
          throw new Problem(429, 'Too Many Requests', {
            detail: `Too many requests. Try again in ${wait} seconds.`,
            retryAfter: wait,
          });
        }
      }
      const params = new URLSearchParams(query.replace(/^\?/, ''));
      for (const name of ['shop', 'timestamp', 'hmac'] as const) {
        if (!params.get(name)) throw unprocessable('Missing required query params', `query.${name}`);
      }
      // Slugs are unique across tenants: the one 'shopify' app holds the storefront's client.
      const row = await deps.handle.db
        .selectFrom('portal_apps')
        .select(['tenant_id', 'definition', 'client_secret'])
        .where('slug', '=', SHOPIFY_APP_SLUG)
        .executeTakeFirst();
      const definition = row ? readJson<AppDefinition>(row.definition) : undefined;
      const clientId = definition?.authInfo?.clientInfo?.client_id?.trim();
      if (!row?.client_secret || !clientId) {
        throw new Problem(503, 'Service Unavailable', {
          detail:
            "Storefront authorization is not set up on this server: declare the portal app 'shopify' with OAuth 2.0 and its client id and secret.",
        });
      }
      const secret = deps.vault.decrypt(
        readJson<SealedSecret>(row.client_secret),
        clientSecretContext({ tenantId: row.tenant_id, slug: SHOPIFY_APP_SLUG }),
      );
      const check = checkShopifyQuery(params, secret, deps.now());
      if (!check.ok) {
        if (check.status === 401)
          throw new Problem(401, 'Unauthorized', { detail: check.message, field: 'query.hmac' });
        throw unprocessable(check.message, `query.${check.field}`);
      }
      const redirectUri = `${deps.config.publicUrl.replace(/\/+$/, '')}${SHOPIFY_REDIRECT_PATH}`;
      const scopes = [...SHOPIFY_SCOPES];
      const authorize = new URL(`https://${check.shop}/admin/oauth/authorize`);
      authorize.searchParams.set('client_id', clientId);
      authorize.searchParams.set('scope', scopes.join(','));
      authorize.searchParams.set('redirect_uri', redirectUri);
      return { shop: check.shop, clientId, scopes, redirectUri, authorizeUrl: authorize.toString() };
    },
  };
}
