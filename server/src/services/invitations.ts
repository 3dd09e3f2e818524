/**
 * Invitations to a workspace with a role: sent by mail (SMTP or the log, the link shown to the
 * inviter without SMTP), listed, re-sent (a new link, a new week) and revoked; accepted once,
 * by an existing account here, or by a new person through sign-up with `invitationToken`.
 */
import { assignableRoles, INVITATION_TTL_MS, invitationState, isRole, type Role } from '@junction/core';
import type { InvitationsService, InvitationView } from '../kernel/contracts/access.js';
import { nowIso } from '../kernel/clock.js';
import type { ServiceDeps } from '../deps.js';
import { conflict, invitationInvalid, notFound, PROBLEM_CODES, Problem, unprocessable } from '../kernel/errors.js';
import type { AuthContext } from '../kernel/types.js';
import { createInvitationMail } from '../mail/access-templates.js';
import { createToken, hashToken } from '../security/tokens.js';
import { createRepos, type InvitationRecord } from '../store/repos/index.js';
import { inTransaction } from '../store/repos/transaction.js';
import { isValidEmail, normaliseEmail } from './core-rules.js';
import { toTenantView } from './views.js';

const VALID_DAYS = INVITATION_TTL_MS / (24 * 60 * 60 * 1000);

/** Builds the invitations service; every call is scoped to the caller's workspace. */
export function createInvitationsService(deps: ServiceDeps): InvitationsService {
  const { repos } = deps;
  const linkFor = (token: string) => `${deps.config.publicUrl}/invite/${encodeURIComponent(token)}`;

  const inviterName = async (userId: string) => {
    const user = await repos.users.findById(userId);
    return user ? user.name || user.email : 'Someone';
  };

  const toView = async (invitation: InvitationRecord): Promise<InvitationView> => ({
    id: invitation.id,
    email: invitation.email,
    role: isRole(invitation.role) ? invitation.role : 'viewer',
    invitedBy: await inviterName(invitation.invitedBy),
    createdAt: invitation.createdAt,
    expiresAt: invitation.expiresAt,
    status: invitationState(invitation, nowIso(deps)) === 'pending' ? 'pending' : 'expired',
  });

  /** Mails the link; answers whether it left over SMTP. A mail failure is logged, the link stays valid (re-send). */
  const deliver = async (invitation: InvitationRecord, token: string, inviter: string) => {
    const workspaceName = (await repos.tenants.nameOf(invitation.tenantId)) ?? 'a workspace';
    const mail = createInvitationMail({
      inviter,
      workspaceName,
      role: invitation.role,
      link: linkFor(token),
      validDays: VALID_DAYS,
    });
    try {
      await deps.mailer.send({ to: invitation.email, ...mail });
    } catch (error) {
      deps.logger.error({ err: String(error), invitationId: invitation.id }, 'Could not send the invitation');
      return false;
    }
    return deps.mailer.mode === 'smtp';
  };

  const sent = async (invitation: InvitationRecord, token: string, inviter: string) => {
    const mailed = await deliver(invitation, token, inviter);
    // Without SMTP the inviter passes the link on (the log is the operator's, not theirs).
    return { invitation: await toView(invitation), mailed, ...(mailed ? {} : { link: linkFor(token) }) };
  };

  const findOpen = async (ctx: AuthContext, id: string) => {
    const invitation = typeof id === 'string' ? await repos.invitations.find(ctx.tenantId, id) : undefined;
    if (!invitation || invitation.acceptedAt || invitation.revokedAt) throw notFound('Invitation');
    return invitation;
  };

  return {
    async list(ctx) {
      const open = await repos.invitations.listOpen(ctx.tenantId);
      return { items: await Promise.all(open.map(toView)) };
    },

    async create(ctx, input) {
      const email = normaliseEmail(input.email);
      if (!isValidEmail(email)) throw unprocessable('Invalid Email', 'email');
      const role = input.role;
      if (role === 'owner') {
        throw unprocessable('A workspace has one owner: invite as admin, then transfer ownership.', 'role');
      }
      if (!isRole(role) || !assignableRoles(ctx.role ?? 'viewer').includes(role)) {
        throw unprocessable(`You cannot invite someone as ${String(role)}.`, 'role');
      }
      const existing = await repos.users.findByEmail(email);
      if (existing && (await repos.tenants.roleOf(existing.id, ctx.tenantId))) {
        throw conflict(`${email} is already a member of this workspace.`, 'email', PROBLEM_CODES.alreadyMember);
      }
      const token = createToken();
      const createdAt = nowIso(deps);
      const invitation: InvitationRecord = {
        id: deps.newId(),
        tenantId: ctx.tenantId,
        email,
        role,
        tokenHash: hashToken(token),
        invitedBy: ctx.userId,
        createdAt,
        expiresAt: nowIso(deps, INVITATION_TTL_MS),
        acceptedAt: null,
        revokedAt: null,
      };
      await inTransaction(deps.handle.db, async (trx) => {
        const tx = createRepos(trx);
        // Inviting an address again replaces its open invitation: one link per address.
        for (const earlier of await tx.invitations.findOpenFor(ctx.tenantId, email)) {
          await tx.invitations.revoke(ctx.tenantId, earlier.id, createdAt);
        }
        await tx.invitations.insert(invitation);
      });
      deps.logger.info({ tenantId: ctx.tenantId, invitationId: invitation.id, role }, 'Invitation created');
      await deps.audit?.record(ctx, { action: 'invitation.created', target: invitation.id, detail: { email, role } });
      return sent(invitation, token, await inviterName(ctx.userId));
    },

    async resend(ctx, invitationId) {
      const invitation = await findOpen(ctx, invitationId);
      const token = createToken();
      const expiresAt = nowIso(deps, INVITATION_TTL_MS);
      if (!(await repos.invitations.renew(ctx.tenantId, invitation.id, hashToken(token), expiresAt))) {
        throw notFound('Invitation');
      }
      return sent({ ...invitation, tokenHash: hashToken(token), expiresAt }, token, await inviterName(ctx.userId));
    },

    async revoke(ctx, invitationId) {
      const invitation = await findOpen(ctx, invitationId);
      if (!(await repos.invitations.revoke(ctx.tenantId, invitation.id, nowIso(deps)))) throw notFound('Invitation');
      await deps.audit?.record(ctx, {
        action: 'invitation.revoked',
        target: invitation.id,
        detail: { email: invitation.email },
      });
    },

    async lookUp(token) {
      const invitation =
        typeof token === 'string' && token ? await repos.invitations.findByTokenHash(hashToken(token)) : undefined;
      if (!invitation || invitationState(invitation, nowIso(deps)) !== 'pending') throw invitationInvalid();
      return {
        email: invitation.email,
        role: (isRole(invitation.role) ? invitation.role : 'viewer') as Role,
        workspaceName: (await repos.tenants.nameOf(invitation.tenantId)) ?? '',
        invitedBy: await inviterName(invitation.invitedBy),
        expiresAt: invitation.expiresAt,
        // Only the link's holder asks: the invited address itself, so nothing is enumerated.
        hasAccount: (await repos.users.findByEmail(invitation.email)) !== undefined,
      };
    },

    async accept(ctx, token) {
      const invitation =
        typeof token === 'string' && token ? await repos.invitations.findByTokenHash(hashToken(token)) : undefined;
      if (!invitation || invitationState(invitation, nowIso(deps)) !== 'pending' || !isRole(invitation.role)) {
        throw invitationInvalid();
      }
      const user = await repos.users.findById(ctx.userId);
      if (!user) throw notFound('User');
      if (user.email !== invitation.email) {
        throw new Problem(403, 'Forbidden', {
          detail: `This invitation is for ${invitation.email}. Sign in with that address to accept it.`,
          code: PROBLEM_CODES.invitationOtherAddress,
        });
      }
      const role = invitation.role;
      const tenant = await inTransaction(deps.handle.db, async (trx) => {
        const tx = createRepos(trx);
        const current = await tx.tenants.findForMember(user.id, invitation.tenantId);
        if (current) {
          throw conflict(`You are already a member of ${current.tenant.name}.`, undefined, PROBLEM_CODES.alreadyMember);
        }
        if (!(await tx.invitations.accept(invitation.id, nowIso(deps)))) throw invitationInvalid();
        await tx.tenants.addMember({ userId: user.id, tenantId: invitation.tenantId, role, createdAt: nowIso(deps) });
        const joined = await tx.tenants.findForMember(user.id, invitation.tenantId);
        if (!joined) throw notFound('Tenant');
        return joined.tenant;
      });
      deps.logger.info({ tenantId: tenant.id, invitationId: invitation.id, userId: user.id }, 'Invitation accepted');
      await deps.audit?.record(
        { ...ctx, tenantId: tenant.id },
        { action: 'invitation.accepted', target: invitation.id, detail: { role } },
      );
      return { role, tenant: toTenantView(tenant) };
    },
  };
}
