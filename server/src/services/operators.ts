/**
 * Who operates this instance: a signed-in user whose verified e-mail is in SUPPORT_OPERATORS.
 * Operators read every workspace's tickets and alone may declare the portal apps of the
 * instance's own hand-offs (forms-dp 2.11: the storefront's 'shopify' app).
 */
import type { PlatformDeps } from '../deps.js';
import type { AuthContext } from '../kernel/types.js';
import { normaliseEmail } from './core-rules.js';

/** Whether the signed-in user is one of the instance's operators. */
export async function isInstanceOperator(
  deps: Pick<PlatformDeps, 'config' | 'repos'>,
  ctx: Pick<AuthContext, 'userId'>,
): Promise<boolean> {
  const operators = (deps.config.supportOperators ?? []).map(normaliseEmail);
  if (operators.length === 0) return false;
  const user = await deps.repos.users.findById(ctx.userId);
  // Anyone can sign up with any address; only a verified one proves it is the operator's.
  return !!user && user.emailVerified && operators.includes(normaliseEmail(user.email));
}

/**
 * Whether one of the instance's operators (verified) is a member of the workspace: the
 * hand-offs trust only an app such a workspace declared (an app named before slugs were
 * reserved may belong to anyone).
 */
export async function isOperatorWorkspace(
  deps: Pick<PlatformDeps, 'config' | 'repos'>,
  tenantId: string,
): Promise<boolean> {
  for (const email of deps.config.supportOperators ?? []) {
    const user = await deps.repos.users.findByEmail(normaliseEmail(email));
    if (user?.emailVerified && (await deps.repos.tenants.roleOf(user.id, tenantId))) return true;
  }
  return false;
}
