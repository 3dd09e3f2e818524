/**
 * The storefront install hand-off (forms-dp 2.11): `/shopify` asks the server to check the
 * install link's signature before it sends the shop owner to the authorize page. Anonymous.
 */
import type { OperationHandlers } from '../types.js';

/** Handlers by operationId. */
export const shopifyHandlers: OperationHandlers = {
  async verifyShopifyInstall(input) {
    const { query } = input.body as { query: string };
    return { status: 200, body: await input.services.apps.verifyShopifyInstall({ ip: input.request.ip }, query) };
  },
};
