/**
 * Premium checkout (editor-core 6, 7.3 promocheckout). With CHECKOUT_PROVIDER_URL the provider
 * is asked for the checkout address; without it Junction's embedded provider answers a local
 * page (/checkout/{id}) whose Pay button upgrades the workspace, so the flow works end to end
 * on a fresh install. No card is taken by the embedded provider.
 */
import { randomBytes } from 'node:crypto';
import { conflict, notFound, Problem, unprocessable } from '../kernel/errors.js';
import { hashToken } from '../security/tokens.js';
import type { CheckoutFinish } from '../kernel/contracts/support.js';
import { nowIso } from '../kernel/clock.js';
import type { PlatformDeps } from '../deps.js';
import type { AuthContext } from '../kernel/types.js';
import { createCheckoutSessionsRepo } from '../store/repos/checkout-sessions.js';

/** How long an embedded checkout page stays valid. */
export const CHECKOUT_TTL_MS = 60 * 60 * 1000;

/** How long the configured provider may take to answer. */
const PROVIDER_TIMEOUT_MS = 10_000;

/** The offer's texts (editor-core 6, 9). */
export const OFFER = {
  title: 'Junction Premium',
  price: '$6 for your first month',
  previousPrice: '$25',
  afterwards: 'then $25 per month. Cancel any time.',
} as const;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Returns the embedded checkout page (no scripts: the CSP allows none inline). */
export function renderCheckoutPage(input: { sessionId: string; workspace: string; email: string; backUrl: string }): string {
  const action = `/checkout/${encodeURIComponent(input.sessionId)}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Checkout · ${escapeHtml(OFFER.title)}</title>
<style>
body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f5f5f5;color:#1f2933;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:8px;box-shadow:0 12px 32px rgba(15,23,42,.25);padding:32px;max-width:420px;width:calc(100% - 48px)}
h1{margin:0 0 8px;font-size:24px}.price{font-size:26px;font-weight:700;margin:16px 0 4px}.price s{font-size:16px;color:#52606d;font-weight:400;margin-left:8px}
.muted{color:#52606d;font-size:14px}button{margin-top:20px;width:100%;padding:12px;border:none;border-radius:4px;background:#0069ea;color:#fff;font:inherit;font-weight:700;cursor:pointer}
button:hover{background:#0057c2}.note{margin-top:16px;font-size:13px;color:#52606d}
.back{margin:16px 0 0;text-align:center}.back a{color:#0069ea;font-weight:600;text-decoration:none}.back a:hover{text-decoration:underline}
</style></head>
<body><main>
<h1>${escapeHtml(OFFER.title)}</h1>
<p class="muted">Workspace <strong>${escapeHtml(input.workspace)}</strong> · ${escapeHtml(input.email)}</p>
<p class="price">${escapeHtml(OFFER.price)}<s>${escapeHtml(OFFER.previousPrice)}</s></p>
<p class="muted">${escapeHtml(OFFER.afterwards)}</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit">Pay and upgrade</button></form>
<p class="back"><a href="${escapeHtml(input.backUrl)}">← Not now, back to Junction</a></p>
<p class="note">Junction's built-in checkout: no card is charged. Set CHECKOUT_PROVIDER_URL to use a payment provider.</p>
</main></body></html>`;
}

/** Builds the checkout part of the support service. */
export function createCheckoutService(deps: PlatformDeps) {
  const sessions = createCheckoutSessionsRepo(deps.handle.db);

  const openSession = async (sessionId: string) => {
    if (typeof sessionId !== 'string' || sessionId.length < 16) return undefined;
    const row = await sessions.findByIdHash(hashToken(sessionId));
    if (!row || row.expires_at <= nowIso(deps)) return undefined;
    return row;
  };

  return {
    async createCheckout(ctx: AuthContext, input: { currentUrl: string }): Promise<{ url: string }> {
      let current: URL;
      try {
        current = new URL(input.currentUrl);
      } catch {
        throw unprocessable('currentUrl must be an absolute URL.', 'currentUrl');
      }
      // Checkout returns the browser here, so only Junction's own pages may be named.
      if (current.origin !== new URL(deps.config.publicUrl).origin) {
        throw unprocessable(`currentUrl must be a page of ${deps.config.publicUrl}.`, 'currentUrl');
      }
      const membership = await deps.repos.tenants.findForMember(ctx.userId, ctx.tenantId);
      if (!membership) throw notFound('Tenant');
      if (membership.tenant.plan === 'premium') throw conflict('This workspace is already on the premium plan.');
      const user = await deps.repos.users.findById(ctx.userId);
      const email = user?.email ?? '';

      const provider = deps.config.checkoutProviderUrl;
      if (provider) {
        const answer = await fetch(provider, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ tenantId: ctx.tenantId, email, currentUrl: current.href }),
          signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
        }).catch((error: unknown) => {
          throw new Problem(502, 'Bad Gateway', { detail: `The checkout provider did not answer: ${String(error)}` });
        });
        const body = (await answer.json().catch(() => null)) as { url?: unknown } | null;
        const url = typeof body?.url === 'string' ? body.url : '';
        if (!answer.ok || !/^https?:\/\//.test(url)) {
          throw new Problem(502, 'Bad Gateway', {
            detail: `The checkout provider answered ${answer.status} without a url.`,
          });
        }
        return { url };
      }

      const sessionId = randomBytes(24).toString('base64url');
      await sessions.insert({
        id_hash: hashToken(sessionId),
        tenant_id: ctx.tenantId,
        user_id: ctx.userId,
        current_url: current.href,
        status: 'open',
        expires_at: nowIso(deps, CHECKOUT_TTL_MS),
        created_at: nowIso(deps),
      });
      return { url: `${deps.config.publicUrl}/checkout/${sessionId}` };
    },

    async checkoutPage(sessionId: string): Promise<string> {
      const row = await openSession(sessionId);
      if (row?.status !== 'open') throw notFound('Checkout');
      const [workspace, user] = await Promise.all([
        deps.repos.tenants.nameOf(row.tenant_id),
        deps.repos.users.findById(row.user_id),
      ]);
      // The way back is the page checkout was opened from (always one of Junction's own pages).
      return renderCheckoutPage({
        sessionId,
        workspace: workspace ?? '',
        email: user?.email ?? '',
        backUrl: row.current_url,
      });
    },

    async finishCheckout(sessionId: string): Promise<CheckoutFinish> {
      const row = await openSession(sessionId);
      if (!row) throw notFound('Checkout');
      // Conditional: a double submit upgrades once and the second finds it paid.
      if (!(await sessions.markPaid(row.id_hash))) throw conflict('This checkout was already paid.');
      await deps.repos.tenants.setPlan(row.tenant_id, 'premium', 'active');
      deps.logger.info({ tenantId: row.tenant_id }, 'Workspace upgraded to premium (embedded checkout)');
      return { redirectTo: row.current_url };
    },
  };
}
