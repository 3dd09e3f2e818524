import { describe, expect, it } from 'vitest';
import { validateAppDefinition } from './rules.js';
import { appSlugSkeleton, checkNewAppSlug } from './slug.js';

const TAKEN = ['shopify', 'demo-crm', 'google-sheets', 'webhook'];

describe('checkNewAppSlug', () => {
  it.each([
    ['shopify-', 'shape'],
    ['-shopify', 'shape'],
    ['shopify_', 'shape'],
    ['_shopify', 'shape'],
    ['shop--ify', 'shape'],
    ['Shopify', 'shape'],
    ['shopify ', 'shape'],
    ['__proto__', 'shape'],
    ['toString', 'shape'],
    ['shopify', 'reserved'],
    ['shop-ify', 'reserved'],
    ['shop_ify', 'reserved'],
    ['demo_crm', 'reserved'],
    ['democrm', 'reserved'],
    ['googlesheets', 'reserved'],
    ['constructor', 'reserved'],
    ['prototype', 'reserved'],
    ['tostring', 'reserved'],
    ['has-own-property', 'reserved'],
    ['develop', 'reserved'],
    ['developer', 'reserved'],
    ['admin', 'reserved'],
    ['api', 'reserved'],
    ['junction', 'reserved'],
    ['new', 'reserved'],
  ])('refuses %j (%s)', (slug, reason) => {
    expect(checkNewAppSlug(slug, TAKEN)?.reason).toBe(reason);
  });

  it.each(['my-shop', 'orders_2', 'acme-crm', 'a', 'shopify2'])('accepts %j', (slug) => {
    expect(checkNewAppSlug(slug, TAKEN)).toBeUndefined();
  });

  it('names the app a look-alike imitates', () => {
    expect(checkNewAppSlug('demo_crm', TAKEN)?.message).toBe(
      "'demo_crm' looks like 'demo-crm', which is an app of this server; choose another name.",
    );
  });

  it('compares names without case and separators', () => {
    expect(appSlugSkeleton('Demo_C-R-M')).toBe('democrm');
  });

  it('is the shape validateAppDefinition checks', () => {
    const errors = validateAppDefinition({ appSlug: 'orders-', appName: 'O', actions: {}, triggers: {} }).errors;
    expect(errors.find((e) => e.path === 'appSlug')?.code).toBe('invalid-value');
  });
});
