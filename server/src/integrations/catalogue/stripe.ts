/**
 * Stripe (REST API, form-encoded requests): secret-key auth, customers, products, invoices,
 * subscriptions, polling for new customers and charges, and webhook endpoints for instant
 * triggers. https://docs.stripe.com/api
 */
import type { ActionDef, KeyValue } from '@junction/core';
import { type BuiltinAppDefinition, iconUrl } from '../builtin/types.js';
import { boolean, hiddenPath, hookUrl, integer, object, text } from './fields-b.js';

const API = 'https://api.stripe.com/v1';
// docs.stripe.com/api: request bodies are form-encoded (metadata as metadata[key]=value).
const FORM: KeyValue[] = [{ key: 'Content-Type', value: 'application/x-www-form-urlencoded' }];
const CUSTOMER_DROPDOWN = 'stripe.Customers.listCustomers.data.id.email';

const customerFields = () => [
  text('email', 'E-mail', "The customer's e-mail address."),
  text('name', 'Name', "The customer's full name or business name."),
  text('phone', 'Phone', "The customer's phone number."),
  text('description', 'Description', 'An internal note shown in the Dashboard.'),
  object('metadata', 'Metadata', 'Key/value pairs stored on the customer, e.g. {"plan": "pro"}.'),
];

/** POST /v1/webhook_endpoints for one event type; Stripe answers the endpoint's id. */
function subscribe(event: string): ActionDef {
  return {
    title: `Subscribe to ${event}`,
    hidden: true,
    method: 'post',
    url: `${API}/webhook_endpoints`,
    headers: FORM,
    fields: [hookUrl()],
    body: [
      { key: 'url', value: '${inputData.url}' },
      { key: 'enabled_events[0]', value: event },
      { key: 'description', value: 'Junction workflow trigger' },
    ],
  };
}

export const stripeApp: BuiltinAppDefinition = {
  appSlug: 'stripe',
  appName: 'Stripe',
  category: 'Payments',
  source: 'first100',
  iconURL: iconUrl('stripe'),
  completionStatus: 'Complete',
  apiDocs: 'https://docs.stripe.com/api',
  authInfo: {
    apiType: 'apikey',
    testAuth: 'getBalance',
    apikeyFormFields: [
      {
        key: 'api_key',
        title: 'Secret key',
        description: 'Dashboard → Developers → API keys: the secret key (sk_live_… or sk_test_…), or a restricted key.',
      },
    ],
    // docs.stripe.com/api/authentication: the secret key as a bearer token.
    requestConfig: { headers: [{ key: 'Authorization', value: 'Bearer ${auth.api_key}' }] },
  },
  actions: {
    getBalance: {
      title: 'Retrieve balance',
      description: 'The account balance; also tests the connection.',
      hidden: true,
      method: 'get',
      url: `${API}/balance`,
      fields: [],
    },
    listCustomers: {
      title: 'List customers',
      hidden: true,
      method: 'get',
      url: `${API}/customers`,
      url_params: [{ key: 'limit', value: '100' }],
      fields: [],
    },
    listCharges: {
      title: 'List charges',
      hidden: true,
      method: 'get',
      url: `${API}/charges`,
      url_params: [{ key: 'limit', value: '100' }],
      fields: [],
    },
    findCustomer: {
      title: 'Find customer',
      description: 'Finds customers by e-mail address (exact, case-sensitive).',
      method: 'get',
      url: `${API}/customers`,
      fields: [text('email', 'E-mail', 'The e-mail address to look for.', { required: true })],
    },
    createCustomer: {
      title: 'Create customer',
      description: 'Creates a customer.',
      method: 'post',
      url: `${API}/customers`,
      headers: FORM,
      fields: customerFields(),
    },
    updateCustomer: {
      title: 'Update customer',
      description: 'Changes the given fields of a customer; empty fields stay as they are.',
      method: 'post',
      url: `${API}/customers/{customer}`,
      headers: FORM,
      fields: [
        text('customer', 'Customer', 'The customer to update (cus_…).', { required: true, dynamic: CUSTOMER_DROPDOWN }),
        ...customerFields(),
      ],
    },
    createProduct: {
      title: 'Create product',
      description: 'Creates a product, optionally with a default one-time price.',
      method: 'post',
      url: `${API}/products`,
      headers: FORM,
      fields: [
        text('name', 'Name', 'The product name shown to customers.', { required: true }),
        text('description', 'Description', 'The product description shown to customers.'),
        object(
          'default_price_data',
          'Default price',
          'A price to create with the product, e.g. {"currency": "usd", "unit_amount": 1500} (amount in cents).',
        ),
        boolean('active', 'Active', 'Whether the product can be bought (default yes).'),
      ],
    },
    createInvoiceItem: {
      title: 'Create invoice item',
      description: "Adds a line to the customer's next invoice.",
      method: 'post',
      url: `${API}/invoiceitems`,
      headers: FORM,
      fields: [
        text('customer', 'Customer', 'The customer to bill (cus_…).', { required: true, dynamic: CUSTOMER_DROPDOWN }),
        integer('amount', 'Amount', 'The amount in the smallest currency unit, e.g. 1500 for $15.00.', {
          required: true,
        }),
        text('currency', 'Currency', 'A three-letter ISO code in lower case, e.g. usd.', { required: true }),
        text('description', 'Description', 'The text of the invoice line.'),
      ],
    },
    createInvoice: {
      title: 'Create invoice',
      description: "Creates a draft invoice from the customer's pending invoice items.",
      method: 'post',
      url: `${API}/invoices`,
      headers: FORM,
      fields: [
        text('customer', 'Customer', 'The customer to invoice (cus_…).', {
          required: true,
          dynamic: CUSTOMER_DROPDOWN,
        }),
        text('collection_method', 'Collection method', 'Charge the default payment method, or e-mail the invoice.', {
          enum: ['charge_automatically', 'send_invoice'],
          enumNames: ['Charge automatically', 'Send invoice'],
        }),
        integer('days_until_due', 'Days until due', 'For invoices that are sent: days until payment is due.'),
        text('pending_invoice_items_behavior', 'Pending items', 'Include the pending invoice items (default) or not.', {
          enum: ['include', 'exclude'],
          enumNames: ['Include', 'Exclude'],
        }),
        boolean('auto_advance', 'Finalize automatically', 'Let Stripe finalize the draft in about an hour.'),
      ],
    },
    cancelSubscription: {
      title: 'Cancel subscription',
      description: "Cancels a customer's subscription immediately.",
      method: 'delete',
      url: `${API}/subscriptions/{subscription}`,
      fields: [text('subscription', 'Subscription', 'The subscription to cancel (sub_…).', { required: true })],
    },
    subscribeCustomerCreated: subscribe('customer.created'),
    subscribeChargeSucceeded: subscribe('charge.succeeded'),
    subscribeInvoicePaid: subscribe('invoice.paid'),
    deleteWebhookEndpoint: {
      title: 'Delete a webhook endpoint',
      hidden: true,
      method: 'delete',
      url: `${API}/webhook_endpoints/{id}`,
      fields: [hiddenPath('id')],
    },
  },
  triggers: {
    newCustomer: {
      label: 'New customer',
      description: 'Triggers when a customer is created (checks every few minutes).',
      type: 'polling',
      action: 'listCustomers',
      pollingParams: { dedupe_key: 'id', data_head: 'data' },
    },
    newCharge: {
      label: 'New charge',
      description: 'Triggers when a charge is made, successful or not (checks every few minutes).',
      type: 'polling',
      action: 'listCharges',
      pollingParams: { dedupe_key: 'id', data_head: 'data' },
    },
    customerCreated: {
      label: 'New customer (instant)',
      description: 'Triggers as soon as a customer is created; the step receives the customer.',
      type: 'webhook',
      performList: 'subscribeCustomerCreated',
      unsubscribe: 'deleteWebhookEndpoint',
      webhookKey: 'data.object',
      pollingParams: {},
    },
    chargeSucceeded: {
      label: 'Successful charge (instant)',
      description: 'Triggers as soon as a charge succeeds; the step receives the charge.',
      type: 'webhook',
      performList: 'subscribeChargeSucceeded',
      unsubscribe: 'deleteWebhookEndpoint',
      webhookKey: 'data.object',
      pollingParams: {},
    },
    invoicePaid: {
      label: 'Invoice paid (instant)',
      description: 'Triggers as soon as an invoice is paid; the step receives the invoice.',
      type: 'webhook',
      performList: 'subscribeInvoicePaid',
      unsubscribe: 'deleteWebhookEndpoint',
      webhookKey: 'data.object',
      pollingParams: {},
    },
  },
};
