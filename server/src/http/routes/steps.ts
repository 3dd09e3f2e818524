/** Step tests, trigger choices, samples, dropdowns, credential checks, OAuth pop-up routes (steps helper). */
import { can } from '@junction/core';
import { badRequest, PROBLEM_CODES, Problem } from '../../kernel/errors.js';
import type { DropdownInput, PopupAnswer } from '../../kernel/contracts/steps.js';
import { requireAuth } from '../auth.js';
import { roleForbidden } from '../permissions.js';
import type { OperationHandlers, OperationResult } from '../types.js';
import { shopifyReturnRedirect } from './shopify.js';

/** A pop-up answer as an HTTP result: the redirect, or the HTML page. */
function popup(answer: PopupAnswer): OperationResult {
  if (answer.status === 302) return { status: 302, headers: answer.headers };
  return { status: answer.status, headers: answer.headers, body: answer.html, type: 'text/html; charset=utf-8' };
}

/** Whether the caller is a browser window navigating (it asks for HTML), not a script. */
const wantsHtml = (accept: string | undefined): boolean => /\btext\/html\b/.test(accept ?? '');

const POPUP_TICKET_REFUSED =
  'This sign-in window has expired or was already used. Close it and connect the account again from Junction.';

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Handlers by operationId. */
export const stepHandlers: OperationHandlers = {
  async testStep(input) {
    const body = (input.body ?? {}) as { document?: unknown };
    const result = await input.services.steps.testStep(requireAuth(input), input.params.id, input.params.stepId, {
      document: body.document,
    });
    return { status: 200, body: result };
  },

  async fetchTriggerChoices(input) {
    const body = (input.body ?? {}) as { cursor?: string; document?: unknown };
    const result = await input.services.steps.fetchTriggerChoices(
      requireAuth(input),
      input.params.id,
      input.params.stepId,
      { cursor: body.cursor, document: body.document },
    );
    return { status: 200, body: result };
  },

  async setStepSample(input) {
    const body = input.body as { sample: unknown };
    const workflow = await input.services.steps.setStepSample(
      requireAuth(input),
      input.params.id,
      input.params.stepId,
      body.sample,
    );
    return { status: 200, body: workflow };
  },

  async loadDropdownOptions(input) {
    const body = input.body as DropdownInput;
    return {
      status: 200,
      body: await input.services.steps.loadDropdownOptions(requireAuth(input), input.params.appSlug, body),
    };
  },

  async checkCredential(input) {
    const ctx = requireAuth(input);
    const body = await input.services.steps.checkCredential(ctx, input.params.id);
    await input.services.audit.record(ctx, { action: 'connection.tested', target: input.params.id, detail: { ok: body.ok } });
    return { status: 200, body };
  },

  async startOAuth(input) {
    const { uid, ticket, update } = input.query;
    const credentialId = text(input.query.c_id);
    if (update === true && credentialId === undefined) {
      throw badRequest('query.c_id is required to update a connection.', 'query.c_id');
    }
    // The pop-up cannot send a bearer header: a single-use, 60-second ticket stands for the
    // session (POST /api/auth/popup-ticket); a session token in the query is never read.
    const session = await input.services.accounts.redeemPopupTicket(text(ticket) ?? '');
    if (!session) {
      // The pop-up window itself reads a page that says so and tells the editor, never JSON.
      if (wantsHtml(input.request.headers.accept)) {
        return popup(await input.services.steps.refusePopup(input.params.appSlug, POPUP_TICKET_REFUSED));
      }
      throw new Problem(401, 'Unauthorized', {
        detail: POPUP_TICKET_REFUSED,
        field: 'query.ticket',
        code: PROBLEM_CODES.popupTicketInvalid,
      });
    }
    // The pop-up has no bearer session for the route check: its ticket's role is checked here.
    const allowed = session.role ? can(session.role, 'connection.use') : undefined;
    if (!allowed?.allowed) {
      const reason = allowed?.reason ?? 'You are no longer a member of this workspace.';
      if (wantsHtml(input.request.headers.accept)) {
        return popup(await input.services.steps.refusePopup(input.params.appSlug, reason));
      }
      throw roleForbidden(reason);
    }
    const answer = await input.services.steps.startOAuth({
      appSlug: input.params.appSlug,
      uid: text(uid) ?? '',
      session,
      credentialId,
    });
    return popup(answer);
  },

  async finishOAuth(input) {
    // The storefront's return (forms-dp 2.11) is finished by the web page that kept its state.
    const storefront = shopifyReturnRedirect(input);
    if (storefront) return storefront;
    const answer = await input.services.steps.finishOAuth({
      appSlug: input.params.appSlug,
      code: text(input.query.code),
      state: text(input.query.state),
      error: text(input.query.error),
      errorDescription: text(input.query.error_description),
      cookieHeader: input.request.headers.cookie,
    });
    return popup(answer);
  },
};
