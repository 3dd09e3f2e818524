/**
 * Implements the SupportService contract (kernel/contracts/support.ts): tickets and client error
 * reports here; checkout in ./checkout.ts; workspace settings in ./account-settings.ts; the
 * dashboard's workflow list in ./dashboard.ts.
 */
import { createAccountSettings } from './account-settings.js';
import { createCheckoutService } from './checkout.js';
import type { CreateTicketInput, SupportService, TicketDetail } from '../kernel/contracts/support.js';
import { isInstanceOperator } from './operators.js';
import { createDashboardService } from './dashboard.js';
import { nowIso } from '../kernel/clock.js';
import type { PlatformDeps } from '../deps.js';
import type { AuthContext } from '../kernel/types.js';
import { createErrorReportsRepo } from '../store/repos/error-reports.js';
import { createTicketsRepo } from '../store/repos/tickets.js';
import { PROBLEM_CODES } from '@junction/core';
import { Problem } from '../kernel/errors.js';
import { createDeferredRateLimiter } from '../security/rate-limit-store.js';
import { supportLimits } from '../kernel/support-limits.js';
import { createReportCap, cutReport } from './support-limits.js';

/** Most tickets one list answers. */
const LIST_LIMIT = 200;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Returns the mail a ticket is sent as (onboarding 3: editor_url, tenantId, email, title, content). */
export function ticketMail(ticket: TicketDetail): { subject: string; text: string } {
  return {
    subject: `Support ticket: ${ticket.title}`,
    text: [
      `Title: ${ticket.title}`,
      `From: ${ticket.email}`,
      `Workspace: ${ticket.tenantId}`,
      `Editor: ${ticket.editorUrl}`,
      ...(ticket.app ? [`App: ${ticket.app}`] : []),
      ...(ticket.event ? [`Event: ${ticket.event}`] : []),
      '',
      ticket.content,
    ].join('\n'),
  };
}

/** Builds the support service. */
export function createSupportService(deps: PlatformDeps): SupportService {
  const tickets = createTicketsRepo(deps.handle.db);
  const errorReports = createErrorReportsRepo(deps.handle.db);
  const limits = supportLimits(deps.config);
  // Shared by every API process when REDIS_URL is set (security/rate-limit-store.ts).
  const limiter = deps.rateLimiter ?? createDeferredRateLimiter(deps.now);
  const capReports = createReportCap((key, limit) => limiter.take(key, limit), deps.now);

  const isOperator = (ctx: AuthContext) => isInstanceOperator(deps, ctx);

  return {
    async createTicket(ctx, input: CreateTicketInput) {
      const ticket: TicketDetail = {
        id: deps.newId(),
        createdAt: nowIso(deps),
        tenantId: ctx.tenantId,
        email: input.email,
        title: input.title,
        content: input.content,
        editorUrl: input.editor_url,
        ...(input.app ? { app: input.app } : {}),
        ...(input.event ? { event: input.event } : {}),
        mailed: false,
      };
      // A quota per workspace over the last 24 hours, counted in the database (every process
      // together, concurrent creates taking turns).
      const stored = await tickets.insertWithinQuota(
        {
          id: ticket.id,
          tenant_id: ticket.tenantId,
          user_id: ctx.userId,
          email: ticket.email,
          title: ticket.title,
          content: ticket.content,
          editor_url: ticket.editorUrl,
          app: ticket.app ?? null,
          event: ticket.event ?? null,
          mailed: 0,
          created_at: ticket.createdAt,
        },
        nowIso(deps, -DAY_MS),
        limits.ticketsPerDay,
      );
      if (!stored) {
        throw new Problem(429, 'Too Many Requests', {
          detail: `This workspace has filed its ${limits.ticketsPerDay} support tickets for the last 24 hours (TICKETS_PER_DAY); write to support by e-mail, or file it later.`,
          retryAfter: 3600,
          code: PROBLEM_CODES.quotaExceeded,
        });
      }
      // Mailed only over real SMTP: the development outbox would only echo it to the log.
      const to = deps.config.supportEmail ?? deps.config.supportOperators?.[0];
      if (deps.mailer.mode === 'smtp' && to) {
        try {
          await deps.mailer.send({ to, ...ticketMail(ticket) });
          await tickets.markMailed(ticket.id);
        } catch (error) {
          // Stored all the same: the operator list shows it as not mailed.
          deps.logger.error({ err: error, ticketId: ticket.id }, 'Support ticket could not be mailed');
        }
      }
      return { id: ticket.id, createdAt: ticket.createdAt };
    },

    async listTickets(ctx) {
      const all = await isOperator(ctx);
      const rows = await tickets.listNewest(LIST_LIMIT, all ? undefined : ctx.tenantId);
      return {
        items: rows.map((row) => ({
          id: row.id,
          createdAt: row.created_at,
          tenantId: row.tenant_id,
          email: row.email,
          title: row.title,
          content: row.content,
          editorUrl: row.editor_url,
          ...(row.app ? { app: row.app } : {}),
          ...(row.event ? { event: row.event } : {}),
          mailed: Number(row.mailed) === 1,
        })),
      };
    },

    async reportClientError(ctx, input, visitor) {
      // Per address only with RATE_LIMITS on; the cap over all visitors always.
      if (deps.config.rateLimits && visitor) {
        const wait = await limiter.take(`error-reports:ip:${visitor.ip}`, limits.errorReportsPerAddress);
        if (wait > 0) {
          throw new Problem(429, 'Too Many Requests', {
            detail: `Too many crash reports from this address. Try again in ${wait} seconds.`,
            retryAfter: wait,
          });
        }
      }
      await capReports(limits);
      await errorReports.insert({
        id: deps.newId(),
        tenant_id: ctx?.tenantId ?? null,
        source: input.source,
        error: cutReport(input.error, limits.errorReportMaxChars),
        created_at: nowIso(deps),
      });
      deps.logger.warn({ source: input.source, tenantId: ctx?.tenantId }, 'Client error report');
    },

    ...createCheckoutService(deps),
    ...createAccountSettings(deps),
    ...createDashboardService(deps),
  };
}
