/** Tickets, error reports, checkout and workspace settings. */

import type { CreateTicketInput, DashboardListQuery } from '../../kernel/contracts/support.js';
import { type LegalPage, renderLegalPage } from '../../services/legal-pages.js';
import { requireAuth } from '../auth.js';
import type { OperationHandlers } from '../types.js';

/** Answers /terms or /privacy: the operator's document when configured, else Junction's page. */
function legalPage(page: LegalPage, url: string | undefined) {
  if (url) return { status: 302, body: '', type: 'text/plain', headers: { location: url } };
  return { status: 200, body: renderLegalPage(page), type: 'text/html; charset=utf-8' };
}

/** Handlers by operationId. */
export const supportHandlers: OperationHandlers = {
  async createTicket(input) {
    const ticket = await input.services.support.createTicket(requireAuth(input), input.body as CreateTicketInput);
    return { status: 201, body: ticket };
  },
  async listTickets(input) {
    return { status: 200, body: await input.services.support.listTickets(requireAuth(input)) };
  },
  async reportClientError(input) {
    await input.services.support.reportClientError(input.auth, input.body as { source: string; error: string }, {
      ip: input.request.ip,
    });
    return { status: 202 };
  },
  async createCheckout(input) {
    const body = input.body as { currentUrl: string };
    return { status: 200, body: await input.services.support.createCheckout(requireAuth(input), body) };
  },
  async getCheckoutPage(input) {
    const html = await input.services.support.checkoutPage(input.params.sessionId);
    return { status: 200, body: html, type: 'text/html; charset=utf-8', headers: { 'cache-control': 'no-store' } };
  },
  async finishCheckout(input) {
    const { redirectTo } = await input.services.support.finishCheckout(input.params.sessionId);
    return { status: 303, body: '', type: 'text/plain', headers: { location: redirectTo } };
  },
  async getTermsPage(input) {
    return legalPage('terms', input.config.termsUrl);
  },
  async getPrivacyPage(input) {
    return legalPage('privacy', input.config.privacyUrl);
  },
  async updateTenant(input) {
    const { name } = input.body as { name: string };
    return {
      status: 200,
      body: await input.services.support.updateTenant(requireAuth(input), input.params.tenantId, name),
    };
  },
  async listTenantMembers(input) {
    return { status: 200, body: await input.services.support.listMembers(requireAuth(input), input.params.tenantId) };
  },
  async listDashboardWorkflows(input) {
    const query = input.query as DashboardListQuery;
    return { status: 200, body: await input.services.support.listDashboardWorkflows(requireAuth(input), query) };
  },
  async updatePassword(input) {
    await input.services.support.updatePassword(
      requireAuth(input),
      input.body as { currentPassword: string; newPassword: string },
    );
    return { status: 204 };
  },
};
