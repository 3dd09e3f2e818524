/**
 * App catalogue, definitions, listings, auth tests (apps helper), and the Demo CRM's
 * one-click API key. Thin: each handler reads the validated input and calls `services.apps`.
 */
import type { AppDefinition, WorkspaceEventsChange } from '@junction/core';
import type { ListingInput } from '../../kernel/contracts/apps.js';
import { requireAuth } from '../auth.js';
import type { OperationHandlers } from '../types.js';

/** Handlers by operationId. */
export const appHandlers: OperationHandlers = {
  async listApps(input) {
    return { status: 200, body: { items: await input.services.apps.list(requireAuth(input)) } };
  },
  async createApp(input) {
    return { status: 201, body: await input.services.apps.create(requireAuth(input), input.body as AppDefinition) };
  },
  async getApp(input) {
    return { status: 200, body: await input.services.apps.get(requireAuth(input), input.params.appSlug) };
  },
  async updateApp(input) {
    const body = input.body as AppDefinition;
    return { status: 200, body: await input.services.apps.update(requireAuth(input), input.params.appSlug, body) };
  },
  async uploadAppIcon(input) {
    const body = input.body;
    const bytes = Buffer.isBuffer(body) ? body : Buffer.from(typeof body === 'string' ? body : '');
    return { status: 200, body: await input.services.apps.uploadIcon(requireAuth(input), input.params.appSlug, bytes) };
  },
  async getAppIcon(input) {
    const icon = await input.services.apps.getIcon(input.params.appSlug);
    return {
      status: 200,
      type: icon.contentType,
      body: Buffer.from(icon.bytes),
      headers: {
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        // The address carries the logo's version (?v=), so it may be kept.
        'cache-control': 'public, max-age=86400',
      },
    };
  },
  async updateWorkspaceAppEvents(input) {
    const body = input.body as WorkspaceEventsChange;
    return {
      status: 200,
      body: await input.services.apps.putWorkspaceEvents(requireAuth(input), input.params.appSlug, body),
    };
  },
  async getAppListing(input) {
    return { status: 200, body: await input.services.apps.getListing(requireAuth(input), input.params.appSlug) };
  },
  async updateAppListing(input) {
    const body = input.body as ListingInput;
    const ctx = requireAuth(input);
    const listing = await input.services.apps.updateListing(ctx, input.params.appSlug, body);
    await input.services.audit.record(ctx, { action: 'app.published', target: input.params.appSlug });
    return { status: 200, body: listing };
  },
  async testAppAuth(input) {
    const body = (input.body ?? {}) as { credential?: string | null; values?: Record<string, string> };
    return { status: 200, body: await input.services.apps.testAuth(requireAuth(input), input.params.appSlug, body) };
  },
  async testAppAction(input) {
    const body = (input.body ?? {}) as {
      credential?: string | null;
      authValues?: Record<string, string>;
      values?: Record<string, unknown>;
    };
    const result = await input.services.apps.testAction(
      requireAuth(input),
      input.params.appSlug,
      input.params.actionKey,
      body,
    );
    return { status: 200, body: result };
  },
  async createDemoCrmKey(input) {
    const body = (input.body ?? {}) as { name?: string };
    return { status: 201, body: await input.services.apps.createDemoCrmKey(requireAuth(input), body) };
  },
};
