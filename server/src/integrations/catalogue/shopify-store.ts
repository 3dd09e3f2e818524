/**
 * Shopify (Admin REST API 2025-01) for a store owner's custom app: the Admin API access token
 * in X-Shopify-Access-Token and the shop's myshopify.com name; customers, products, orders,
 * polling new orders and customers, and webhook subscriptions for instant triggers.
 * https://shopify.dev/docs/api/admin-rest
 *
 * The slug is 'shopify-store' because 'shopify' names the storefront-install portal app
 * (forms-dp 2.11), whose slug must stay free for it.
 */
import type { ActionDef } from '@junction/core';
import { type BuiltinAppDefinition, iconUrl } from '../builtin/types.js';
import { hookUrl, text } from './fields-b.js';

const API = 'https://${auth.shop}.myshopify.com/admin/api/2025-01';

/** POST /webhooks.json for one topic; Shopify posts the created resource as JSON. */
function subscribe(topic: string): ActionDef {
  return {
    title: `Subscribe to ${topic}`,
    hidden: true,
    method: 'post',
    url: `${API}/webhooks.json`,
    fields: [hookUrl()],
    body: [
      { key: 'webhook.topic', value: topic },
      { key: 'webhook.address', value: '${inputData.url}' },
      { key: 'webhook.format', value: 'json' },
    ],
  };
}

const rowsUnder = (resource: string, names: string[]) =>
  names.map((name) => ({ key: `${resource}.${name}`, value: `\${inputData.${name}}` }));

export const shopifyStoreApp: BuiltinAppDefinition = {
  appSlug: 'shopify-store',
  appName: 'Shopify',
  category: 'E-commerce',
  source: 'first100',
  iconURL: iconUrl('shopify-store'),
  completionStatus: 'Complete',
  apiDocs: 'https://shopify.dev/docs/api/admin-rest',
  authInfo: {
    apiType: 'apikey',
    testAuth: 'getShop',
    apikeyFormFields: [
      {
        key: 'shop',
        title: 'Store name',
        description: 'The name in your admin address: acme for acme.myshopify.com.',
        public: true,
      },
      {
        key: 'api_key',
        title: 'Admin API access token',
        description:
          'Settings → Apps and sales channels → Develop apps → your app → API credentials: the Admin API access token (shpat_…).',
      },
    ],
    // shopify.dev/docs/api/admin-rest#authentication
    requestConfig: { headers: [{ key: 'X-Shopify-Access-Token', value: '${auth.api_key}' }] },
  },
  actions: {
    getShop: {
      title: 'Get the shop',
      description: "The store's settings; tests the connection.",
      hidden: true,
      method: 'get',
      url: `${API}/shop.json`,
      fields: [],
    },
    listOrders: {
      title: 'List orders, newest first',
      hidden: true,
      method: 'get',
      url: `${API}/orders.json`,
      url_params: [
        { key: 'status', value: 'any' },
        { key: 'limit', value: '250' },
      ],
      fields: [],
    },
    listNewCustomers: {
      title: 'List customers, newest first',
      hidden: true,
      method: 'get',
      url: `${API}/customers/search.json`,
      url_params: [
        { key: 'order', value: 'created_at desc' },
        { key: 'limit', value: '250' },
      ],
      fields: [],
    },
    findCustomer: {
      title: 'Find customer',
      description: 'Searches customers, e.g. by e-mail address.',
      method: 'get',
      url: `${API}/customers/search.json`,
      fields: [text('query', 'Search', 'A search query, e.g. email:ada@example.com or a name.', { required: true })],
    },
    createCustomer: {
      title: 'Create customer',
      description: 'Creates a customer.',
      method: 'post',
      url: `${API}/customers.json`,
      fields: [
        text('email', 'E-mail', "The customer's e-mail address (unique in the store).", { required: true }),
        text('first_name', 'First name', "The customer's first name."),
        text('last_name', 'Last name', "The customer's last name."),
        text('phone', 'Phone', 'The phone number in E.164 format, e.g. +15550100 (unique in the store).'),
        text('tags', 'Tags', 'Tags separated by commas.'),
        text('note', 'Note', 'A note about the customer.'),
      ],
      body: rowsUnder('customer', ['email', 'first_name', 'last_name', 'phone', 'tags', 'note']),
    },
    createProduct: {
      title: 'Create product',
      description: 'Creates a product.',
      method: 'post',
      url: `${API}/products.json`,
      fields: [
        text('title', 'Title', 'The name of the product.', { required: true }),
        text('body_html', 'Description', 'The description, HTML allowed.'),
        text('vendor', 'Vendor', 'The vendor or brand.'),
        text('product_type', 'Product type', 'A category for filtering, e.g. Shirts.'),
        text('tags', 'Tags', 'Tags separated by commas.'),
        text('status', 'Status', 'Active products are for sale; drafts are hidden.', {
          enum: ['active', 'draft', 'archived'],
          enumNames: ['Active', 'Draft', 'Archived'],
        }),
      ],
      body: rowsUnder('product', ['title', 'body_html', 'vendor', 'product_type', 'tags', 'status']),
    },
    updateOrder: {
      title: 'Update order',
      description: "Changes an order's note, tags or e-mail; empty fields stay as they are.",
      method: 'put',
      url: `${API}/orders/{id}.json`,
      fields: [
        text('id', 'Order ID', 'The numeric ID of the order (not its #name).', { required: true }),
        text('note', 'Note', 'A note on the order.'),
        text('tags', 'Tags', 'Tags separated by commas; they replace the existing tags.'),
        text('email', 'E-mail', "The customer's e-mail address for this order."),
      ],
      body: [{ key: 'order.id', value: '${inputData.id}' }, ...rowsUnder('order', ['note', 'tags', 'email'])],
    },
    subscribeOrdersCreate: subscribe('orders/create'),
    subscribeCustomersCreate: subscribe('customers/create'),
    subscribeProductsCreate: subscribe('products/create'),
    deleteWebhook: {
      title: 'Delete a webhook',
      hidden: true,
      method: 'delete',
      // The subscription answer is { webhook: { id, … } }.
      url: `${API}/webhooks/\${inputData.webhook.id}.json`,
      fields: [],
    },
  },
  triggers: {
    newOrder: {
      label: 'New order',
      description: 'Triggers when an order is placed (checks every few minutes).',
      type: 'polling',
      action: 'listOrders',
      pollingParams: { dedupe_key: 'id', data_head: 'orders' },
    },
    newCustomer: {
      label: 'New customer',
      description: 'Triggers when a customer is created (checks every few minutes).',
      type: 'polling',
      action: 'listNewCustomers',
      pollingParams: { dedupe_key: 'id', data_head: 'customers' },
    },
    orderCreated: {
      label: 'New order (instant)',
      description: 'Triggers as soon as an order is placed; the step receives the order.',
      type: 'webhook',
      performList: 'subscribeOrdersCreate',
      unsubscribe: 'deleteWebhook',
      webhookKey: '0',
      pollingParams: {},
    },
    customerCreated: {
      label: 'New customer (instant)',
      description: 'Triggers as soon as a customer is created; the step receives the customer.',
      type: 'webhook',
      performList: 'subscribeCustomersCreate',
      unsubscribe: 'deleteWebhook',
      webhookKey: '0',
      pollingParams: {},
    },
    productCreated: {
      label: 'New product (instant)',
      description: 'Triggers as soon as a product is created; the step receives the product.',
      type: 'webhook',
      performList: 'subscribeProductsCreate',
      unsubscribe: 'deleteWebhook',
      webhookKey: '0',
      pollingParams: {},
    },
  },
};
