/** The instance (owner, set-up page, sign-up policy, users, workspaces) and workspace invitations. */
import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../auth.js';
import type { OperationHandlers } from '../types.js';

const clientOf = (request: FastifyRequest) => ({ userAgent: request.headers['user-agent'] ?? '' });

/** Handlers of the instance and invitation operations, by operationId. */
export const accessHandlers: OperationHandlers = {
  async getInstance({ services }) {
    return { status: 200, body: await services.instance.status() };
  },
  async setUpInstance({ body, services, request }) {
    const input = body as { email: string; password: string; firstName?: string; lastName?: string };
    return { status: 201, body: await services.accounts.setUpOwner(input, clientOf(request)) };
  },
  async getInstanceSettings(input) {
    return { status: 200, body: await input.services.instance.settings(requireAuth(input)) };
  },
  async updateInstanceSettings(input) {
    const body = input.body as { signupPolicy: string; signupDomains?: string[] };
    return { status: 200, body: await input.services.instance.updateSettings(requireAuth(input), body) };
  },
  async listInstanceUsers(input) {
    return { status: 200, body: await input.services.instance.listUsers(requireAuth(input)) };
  },
  async setUserDisabled(input) {
    const { disabled } = input.body as { disabled: boolean };
    const ctx = requireAuth(input);
    return { status: 200, body: await input.services.instance.setUserDisabled(ctx, input.params.userId, disabled) };
  },
  async listInstanceWorkspaces(input) {
    return { status: 200, body: await input.services.instance.listWorkspaces(requireAuth(input)) };
  },
  async listInvitations(input) {
    return { status: 200, body: await input.services.invitations.list(requireAuth(input)) };
  },
  async createInvitation(input) {
    const body = input.body as { email: string; role: string };
    return { status: 201, body: await input.services.invitations.create(requireAuth(input), body) };
  },
  async resendInvitation(input) {
    const ctx = requireAuth(input);
    return { status: 200, body: await input.services.invitations.resend(ctx, input.params.invitationId) };
  },
  async revokeInvitation(input) {
    await input.services.invitations.revoke(requireAuth(input), input.params.invitationId);
    return { status: 204 };
  },
  async lookUpInvitation({ body, services }) {
    const { token } = body as { token: string };
    return { status: 200, body: await services.invitations.lookUp(token) };
  },
  async acceptInvitation(input) {
    const { token } = input.body as { token: string };
    return { status: 200, body: await input.services.invitations.accept(requireAuth(input), token) };
  },
};
