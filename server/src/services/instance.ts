/**
 * The instance: who owns it, who may sign up (core's decideSignUp over SIGNUP_POLICY or the
 * owner's choice), and the owner's instance page (users, workspaces, the policy). Also the
 * sign-up gate the accounts service asks before it creates an account.
 */
import {
  decideSignUp,
  effectiveSignupPolicy,
  invitationState,
  isRole,
  isSignupPolicy,
  parseSignupDomains,
  SETUP_REQUIRED_MESSAGE,
  SIGNUP_CLOSED_MESSAGE,
  type SignUpContext,
  type SignupPolicy,
} from '@junction/core';
import type { InstanceService, InstanceUserView, SignUpGate } from '../kernel/contracts/access.js';
import { nowIso } from '../kernel/clock.js';
import type { ServiceDeps } from '../deps.js';
import { conflict, invitationInvalid, notFound, PROBLEM_CODES, Problem, unprocessable } from '../kernel/errors.js';
import type { AuthContext } from '../kernel/types.js';
import { createSignUpAttemptMail } from '../mail/access-templates.js';
import { hashToken } from '../security/tokens.js';
import type { InstanceUserRecord } from '../store/repos/index.js';

/** The one answer of a sign-up the policy refuses. */
const signupClosed = () =>
  new Problem(403, 'Forbidden', { detail: SIGNUP_CLOSED_MESSAGE, code: PROBLEM_CODES.signupClosed });

/** Builds what the instance knows for core's sign-up rules. */
async function signUpContext(deps: ServiceDeps): Promise<SignUpContext> {
  const stored = await deps.repos.instance.settings();
  const envPolicy = deps.config.signupPolicy;
  return {
    envPolicy,
    storedPolicy: isSignupPolicy(stored.signupPolicy) ? stored.signupPolicy : undefined,
    domains: envPolicy ? (deps.config.signupDomains ?? []) : stored.signupDomains,
    hasOwner: stored.ownerUserId !== null,
  };
}

/** Builds the sign-up gate the accounts service asks (compose.ts injects it). */
export function createSignUpGate(deps: ServiceDeps): SignUpGate {
  const { repos } = deps;
  return {
    async admit(email) {
      const context = await signUpContext(deps);
      const verdict = decideSignUp(email, context);
      if (verdict.allowed) return { becomesOwner: !context.hasOwner };
      if (verdict.reason === 'setup_required') {
        throw new Problem(403, 'Forbidden', { detail: SETUP_REQUIRED_MESSAGE, code: PROBLEM_CODES.setupRequired });
      }
      const existing = await repos.users.findByEmail(email);
      if (existing) {
        // Not awaited: the answer must not take longer for an address with an account.
        const mail = createSignUpAttemptMail(`${deps.config.publicUrl}/`);
        deps.mailer.send({ to: existing.email, ...mail }).catch((error: unknown) => {
          deps.logger.error({ err: String(error), userId: existing.id }, 'Could not send the sign-up attempt mail');
        });
      }
      throw signupClosed();
    },

    async invitationFor(token, email) {
      const invitation =
        typeof token === 'string' && token ? await repos.invitations.findByTokenHash(hashToken(token)) : undefined;
      if (!invitation || invitationState(invitation, nowIso(deps)) !== 'pending' || !isRole(invitation.role)) {
        throw invitationInvalid();
      }
      if (invitation.email !== email) {
        throw new Problem(403, 'Forbidden', {
          detail: `This invitation is for ${invitation.email}. Sign up with that address.`,
          field: 'email',
          code: PROBLEM_CODES.invitationOtherAddress,
        });
      }
      return { id: invitation.id, tenantId: invitation.tenantId, role: invitation.role };
    },

    async assertNoOwner() {
      const { ownerUserId } = await repos.instance.settings();
      if (ownerUserId !== null) {
        throw conflict('This Junction already has an owner. Sign in instead.', undefined, PROBLEM_CODES.ownerExists);
      }
    },

    isDisabled: (userId) => repos.instance.isDisabled(userId),
    isInstanceOwner: async (userId) => (await repos.instance.settings()).ownerUserId === userId,
  };
}

/** Builds the instance service. */
export function createInstanceService(deps: ServiceDeps): InstanceService {
  const { repos } = deps;

  const requireOwner = async (ctx: AuthContext): Promise<string> => {
    const { ownerUserId } = await repos.instance.settings();
    if (ownerUserId === null || ownerUserId !== ctx.userId) {
      throw new Problem(403, 'Forbidden', {
        detail: 'Only the owner of this Junction can open the instance settings.',
        code: PROBLEM_CODES.instanceOwnerOnly,
      });
    }
    return ownerUserId;
  };

  const settingsView = async () => {
    const context = await signUpContext(deps);
    const { policy, fixedByEnvironment } = effectiveSignupPolicy(context);
    return {
      signupPolicy: policy,
      signupDomains: [...context.domains],
      fixedByEnvironment,
      mailDelivery: deps.mailer.mode === 'smtp' ? ('smtp' as const) : ('log' as const),
    };
  };

  const toUserView = (user: InstanceUserRecord, ownerId: string): InstanceUserView => ({
    id: user.id,
    email: user.email,
    name: user.name,
    emailVerified: user.emailVerified,
    createdAt: user.createdAt,
    disabled: user.disabledAt !== null,
    isOwner: user.id === ownerId,
    workspaces: user.workspaces,
  });

  return {
    async status() {
      const context = await signUpContext(deps);
      const signUp: SignupPolicy | 'setup' =
        !context.hasOwner && !context.envPolicy ? 'setup' : effectiveSignupPolicy(context).policy;
      return { hasOwner: context.hasOwner, signUp };
    },

    async settings(ctx) {
      await requireOwner(ctx);
      return settingsView();
    },

    async updateSettings(ctx, input) {
      await requireOwner(ctx);
      if (deps.config.signupPolicy) {
        throw conflict('SIGNUP_POLICY sets the sign-up policy of this Junction; change it there.', 'signupPolicy');
      }
      if (!isSignupPolicy(input.signupPolicy)) throw unprocessable('Choose open, invite or domains.', 'signupPolicy');
      const parsed = parseSignupDomains((input.signupDomains ?? []).join(','));
      if ('error' in parsed) throw unprocessable(parsed.error, 'signupDomains');
      if (input.signupPolicy === 'domains' && parsed.domains.length === 0) {
        throw unprocessable('List at least one domain, like example.com.', 'signupDomains');
      }
      await repos.instance.saveSignupPolicy(input.signupPolicy, parsed.domains, nowIso(deps));
      deps.logger.info({ policy: input.signupPolicy, domains: parsed.domains }, 'Sign-up policy changed');
      return settingsView();
    },

    async listUsers(ctx) {
      const ownerId = await requireOwner(ctx);
      const users = await repos.instance.listUsers();
      return { items: users.map((user) => toUserView(user, ownerId)) };
    },

    async setUserDisabled(ctx, userId, disabled) {
      const ownerId = await requireOwner(ctx);
      if (userId === ownerId && disabled) {
        throw unprocessable('The owner of this Junction cannot be disabled.', 'userId');
      }
      if (!(await repos.instance.setDisabled(userId, disabled ? nowIso(deps) : null))) throw notFound('User');
      // Their sessions end at once; their workspaces' ON workflows keep running (no user in the engine).
      if (disabled) await repos.sessions.removeAllForUser(userId);
      deps.logger.info({ userId, disabled }, disabled ? 'Account disabled' : 'Account enabled');
      const user = (await repos.instance.listUsers()).find((u) => u.id === userId);
      if (!user) throw notFound('User');
      return toUserView(user, ownerId);
    },

    async listWorkspaces(ctx) {
      await requireOwner(ctx);
      return { items: await repos.instance.listWorkspaces() };
    },

    async announce() {
      const context = await signUpContext(deps);
      if (context.hasOwner) return;
      deps.logger.warn(
        {},
        `No owner yet: open ${deps.config.publicUrl}/setup to create the owner account.` +
          (context.envPolicy
            ? ` (SIGNUP_POLICY=${context.envPolicy}: the first account to sign up becomes the owner.)`
            : ''),
      );
    },
  };
}
