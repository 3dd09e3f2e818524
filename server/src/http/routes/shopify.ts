/**
 * The storefront install hand-off (forms-dp 2.11): `/shopify` asks the server to check the
 * install link's signature before it sends the shop owner to the authorize page (anonymous);
 * the storefront's return to `/auth/shopify/redirect` is forwarded to the web page `/shopify`,
 * which checks the state it kept and posts the return query here (signed in) to connect the store.
 */
import { SHOPIFY_APP_SLUG } from '../../services/shopify.js';
import { requireAuth } from '../auth.js';
import type { OperationHandlers, OperationInput, OperationResult } from '../types.js';

/**
 * The storefront's return to `/auth/shopify/redirect` (it carries `hmac` and `shop`, which the
 * generic OAuth pop-up's return never does): a redirect to the web page `/shopify` with the same
 * query, because the install's state lives in that browser's session storage. Undefined for any
 * other request, which the generic pop-up flow answers.
 */
export function shopifyReturnRedirect(input: OperationInput): OperationResult | undefined {
  const { appSlug } = input.params;
  const has = (name: string) => typeof input.query[name] === 'string' && input.query[name] !== '';
  if (appSlug !== SHOPIFY_APP_SLUG || !has('hmac') || !has('shop')) return undefined;
  const url = input.request.url;
  const search = url.includes('?') ? url.slice(url.indexOf('?')) : '';
  return {
    status: 302,
    headers: { location: `/shopify${search}`, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
  };
}

/** Handlers by operationId. */
export const shopifyHandlers: OperationHandlers = {
  async verifyShopifyInstall(input) {
    const { query } = input.body as { query: string };
    return { status: 200, body: await input.services.apps.verifyShopifyInstall({ ip: input.request.ip }, query) };
  },

  async finishShopifyInstall(input) {
    const { query } = input.body as { query: string };
    return { status: 200, body: await input.services.apps.finishShopifyInstall(requireAuth(input), query) };
  },
};
