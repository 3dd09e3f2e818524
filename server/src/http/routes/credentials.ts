/**
 * Credentials CRUD. Secret values never leave the server: the service answers
 * SECRET_SENTINEL in their place, and saving the sentinel back keeps the stored secret.
 */
import { requireAuth } from '../auth.js';
import type { OperationHandlers } from '../types.js';

/** Handlers of the credential operations, by operationId. */
export const credentialHandlers: OperationHandlers = {
  async listCredentials(input) {
    const app = typeof input.query.app === 'string' ? input.query.app : undefined;
    return { status: 200, body: { items: await input.services.credentials.list(requireAuth(input), { app }) } };
  },
  async createCredential(input) {
    const body = input.body as Parameters<typeof input.services.credentials.create>[1];
    return { status: 201, body: await input.services.credentials.create(requireAuth(input), body) };
  },
  async getCredential(input) {
    return { status: 200, body: await input.services.credentials.get(requireAuth(input), input.params.id) };
  },
  async updateCredential(input) {
    const body = input.body as Parameters<typeof input.services.credentials.update>[2];
    return { status: 200, body: await input.services.credentials.update(requireAuth(input), input.params.id, body) };
  },
  async deleteCredential(input) {
    await input.services.credentials.remove(requireAuth(input), input.params.id);
    return { status: 204 };
  },
};
