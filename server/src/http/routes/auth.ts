/**
 * Sign-up, e-mail code, log-in/out, the current user, and sign-in links
 * (onboarding-and-extras 2 and 5). Handlers only unpack the request and call the services.
 */
import type { FastifyRequest } from 'fastify';
import type { SignInClient } from '../../kernel/types.js';
import { requireAuth } from '../auth.js';
import type { OperationHandlers } from '../types.js';

interface SignUpBody {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  invitationToken?: string;
}

/** The signing-in browser as the session list names it. */
const clientOf = (request: FastifyRequest): SignInClient => ({
  userAgent: request.headers['user-agent'] ?? '',
  address: request.ip,
});

/** Handlers of the auth operations, by operationId. */
export const authHandlers: OperationHandlers = {
  async signUp({ body, services, request }) {
    const input = body as SignUpBody;
    // onboarding 3's invitationToken: the invited person joins that workspace, whatever the policy.
    if (input.invitationToken !== undefined) {
      const invited = { ...input, invitationToken: input.invitationToken };
      return { status: 201, body: await services.accounts.joinByInvitation(invited, clientOf(request)) };
    }
    return { status: 201, body: await services.accounts.signUp(input, clientOf(request)) };
  },
  async sendCode(input) {
    await input.services.accounts.sendCode(requireAuth(input));
    return { status: 204 };
  },
  async verifyCode(input) {
    const { code } = input.body as { code: string };
    return { status: 200, body: await input.services.accounts.verifyCode(requireAuth(input), code) };
  },
  async logIn({ body, services, request }) {
    const { email, password } = body as { email: string; password: string };
    return { status: 200, body: await services.accounts.logIn({ email, password }, clientOf(request)) };
  },
  async logOut(input) {
    await input.services.accounts.logOut(requireAuth(input));
    return { status: 204 };
  },
  async listSessions(input) {
    return { status: 200, body: await input.services.accounts.listSessions(requireAuth(input)) };
  },
  async endSession(input) {
    await input.services.accounts.endSession(requireAuth(input), input.params.sessionId);
    return { status: 204 };
  },
  async logOutEverywhere(input) {
    await input.services.accounts.logOutEverywhere(requireAuth(input));
    return { status: 204 };
  },
  async createPopupTicket(input) {
    return { status: 201, body: await input.services.accounts.createPopupTicket(requireAuth(input)) };
  },
  async getMe(input) {
    return { status: 200, body: await input.services.accounts.me(requireAuth(input)) };
  },
  async sendSignInLink({ body, services, config }) {
    const { email } = body as { email: string };
    // The editor reads `c` from the address, stores it and removes it (editor-core 2.1).
    await services.accounts.sendSignInLink(email, (token) => `${config.publicUrl}/?c=${encodeURIComponent(token)}`);
    return { status: 202 };
  },
  async exchangeToken({ body, services, request }) {
    const { token } = body as { token: string };
    return { status: 200, body: await services.accounts.exchangeToken(token, clientOf(request)) };
  },
};
