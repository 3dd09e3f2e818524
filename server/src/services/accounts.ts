/**
 * Accounts: sign-up, e-mail verification codes, log-in and log-out, bearer sessions and
 * one-time sign-in links (onboarding-and-extras 2, 4 "Sign-up flow", 5, 9).
 */
import { randomInt } from 'node:crypto';
import { describeDevice, isRole, UNKNOWN_DEVICE } from '@junction/core';
import type { ServiceDeps } from '../deps.js';
import { nowIso } from '../kernel/clock.js';
import type { SignUpGate } from '../kernel/contracts/access.js';
import {
  conflict,
  invitationInvalid,
  notFound,
  PROBLEM_CODES,
  Problem,
  unauthorized,
  unprocessable,
} from '../kernel/errors.js';
import type { AuthContext, Services, SessionGrant, SignInClient } from '../kernel/types.js';
import { createCodeMail, createSignInLinkMail } from '../mail/templates.js';
import { hashPassword, NO_PASSWORD_HASH, verifyAgainstDummy, verifyPassword } from '../security/passwords.js';
import { createToken, hashToken, isSameSecret } from '../security/tokens.js';
import { createRepos, type SessionRecord, type TenantRecord, type UserRecord } from '../store/repos/index.js';
import { inTransaction } from '../store/repos/transaction.js';
import { buildNewWorkflow, checkPasswordRules, isValidEmail, normaliseEmail } from './core-rules.js';
import { idleTimeoutMs, idleVerdict, sessionContext } from './session-context.js';
import { firstWorkflowRecord, toTenantView, toUserView } from './views.js';

/** Sessions last 30 days from sign-in. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A verification code is valid for 15 minutes (onboarding-and-extras 9). */
export const CODE_TTL_MS = 15 * 60 * 1000;
/** Wrong tries a code survives; after that a new code must be requested. */
export const CODE_MAX_ATTEMPTS = 5;
/** A sign-in link works for 30 minutes. */
export const SIGN_IN_LINK_TTL_MS = 30 * 60 * 1000;

/** A pop-up ticket works for 60 seconds, once (editor-core 7.3). */
export const POPUP_TICKET_TTL_MS = 60_000;
/** A pop-up ticket's purpose names the session it stands for: `popup:{sessionId}`. */
const POPUP_PURPOSE = 'popup:';

/** onboarding-and-extras 3 "Defaults". */
const FIRST_TENANT_NAME = 'My First Workspace';
const FIRST_WORKFLOW_NAME = 'Untitled Workflow (Draft)';
const SIGN_IN_PURPOSE = 'sign-in';

const WRONG_LOGIN = 'Wrong e-mail or password.';
const CODE_EXPIRED = 'The code has expired. Request a new one.';

/** The sign-up and set-up forms' fields, checked (onboarding 5: e-mail, password rules). */
interface AccountForm {
  email: string;
  password: string;
  name: string;
}

/** Reads and checks the sign-up form: 422 naming `email` or `password`. */
function readAccountForm(input: {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
}): AccountForm {
  const email = normaliseEmail(input.email);
  if (!isValidEmail(email)) throw unprocessable('Invalid Email', 'email');
  const password = typeof input.password === 'string' ? input.password : '';
  const passwordProblem = checkPasswordRules(password);
  if (passwordProblem) throw unprocessable(passwordProblem, 'password');
  // onboarding-and-extras 2: first and last name are asked for but not required.
  const name = [input.firstName, input.lastName]
    .filter((part) => typeof part === 'string' && part.trim())
    .join(' ')
    .trim();
  return { email, password, name };
}

/** Builds the accounts service; `gate` is the instance's say on who may sign up (services/instance.ts). */
export function createAccountsService(deps: ServiceDeps, gate: SignUpGate): Services['accounts'] {
  const { repos } = deps;

  const startSession = async (
    user: UserRecord,
    tenant: TenantRecord,
    client: SignInClient | undefined,
    db = repos,
  ): Promise<SessionGrant> => {
    const token = createToken();
    const expiresAt = nowIso(deps, SESSION_TTL_MS);
    await db.sessions.insert({
      id: deps.newId(),
      tokenHash: hashToken(token),
      userId: user.id,
      tenantId: tenant.id,
      expiresAt,
      createdAt: nowIso(deps),
      device: client?.userAgent === undefined ? null : describeDevice(client.userAgent),
    });
    return { token, expiresAt, user: toUserView(user), tenant: toTenantView(tenant) };
  };

  // The idle timeout beside the 30-day lifetime: an unused session ends; a used one records it.
  const liveSession = async (session: SessionRecord): Promise<boolean> => {
    const verdict = idleVerdict(session, deps.now(), idleTimeoutMs(deps.config));
    if (verdict === 'end') {
      await repos.sessions.remove(session.id);
      return false;
    }
    if (verdict === 'touch') await repos.sessions.touch(session.id, nowIso(deps));
    return true;
  };

  // A failed sign-in of a known account shows in each of its workspaces' audit logs.
  const recordFailedSignIn = async (userId: string | null, client: SignInClient | undefined) => {
    const memberships = userId ? await repos.tenants.listForUser(userId) : [];
    const actor = { userId, address: client?.address };
    if (memberships.length === 0) await deps.audit?.record(actor, { action: 'auth.sign_in_failed' });
    for (const m of memberships) {
      await deps.audit?.record({ ...actor, tenantId: m.tenant.id }, { action: 'auth.sign_in_failed' });
    }
  };

  const firstTenantOf = async (userId: string): Promise<TenantRecord> => {
    const [first] = await repos.tenants.listForUser(userId);
    // Sign-up always creates a membership; a user without one is a broken row.
    if (!first) throw new Error(`User ${userId} belongs to no tenant.`);
    return first.tenant;
  };

  const mailCode = async (user: UserRecord): Promise<void> => {
    const code = String(randomInt(0, 10_000)).padStart(4, '0');
    await repos.codes.replaceCode({
      id: deps.newId(),
      userId: user.id,
      codeHash: hashToken(`${user.id}:${code}`),
      expiresAt: nowIso(deps, CODE_TTL_MS),
      attempts: 0,
      createdAt: nowIso(deps),
    });
    await deps.mailer.send({ to: user.email, ...createCodeMail(code, CODE_TTL_MS / 60_000) });
  };

  const duplicate = () => conflict('An account with this e-mail already exists.', 'email');

  /** A user record from the checked form (the password hashed). */
  const newUser = async (form: AccountForm, emailVerified: boolean, createdAt: string): Promise<UserRecord> => ({
    id: deps.newId(),
    email: form.email,
    name: form.name,
    passwordHash: await hashPassword(form.password),
    emailVerified,
    createdAt,
  });

  /**
   * Creates a user with their own workspace 'My First Workspace' and its draft workflow, signed
   * in (onboarding-and-extras 3 "Defaults"). `owner`: 'required' makes them the instance owner
   * or fails (the set-up page), 'if-none' makes them owner when nobody is (an automated install's
   * first sign-up); both in the same transaction.
   */
  const createAccount = async (
    form: AccountForm,
    client: SignInClient | undefined,
    opts: { verified: boolean; owner: 'required' | 'if-none' | 'no' },
  ) => {
    const createdAt = nowIso(deps);
    const user = await newUser(form, opts.verified, createdAt);
    const tenant: TenantRecord = {
      id: deps.newId(),
      name: FIRST_TENANT_NAME,
      plan: 'free',
      planStatus: 'active',
      createdAt,
    };
    const document = buildNewWorkflow({ newId: deps.newId, now: deps.now }, { name: FIRST_WORKFLOW_NAME });
    try {
      const grant = await inTransaction(deps.handle.db, async (trx) => {
        const tx = createRepos(trx);
        await tx.users.insert(user);
        await tx.tenants.insert(tenant);
        await tx.tenants.addMember({ userId: user.id, tenantId: tenant.id, role: 'owner', createdAt });
        await tx.workflows.insert(firstWorkflowRecord(tenant.id, { ...document, active: false }, createdAt));
        if (opts.owner !== 'no' && !(await tx.instance.claimOwner(user.id, createdAt)) && opts.owner === 'required') {
          throw conflict('This Junction already has an owner. Sign in instead.', undefined, PROBLEM_CODES.ownerExists);
        }
        return startSession(user, tenant, client, tx);
      });
      return { grant, user, workflowId: document.id };
    } catch (error) {
      // Two sign-ups racing for one address: the unique index lets one win.
      if (!(error instanceof Problem) && (await repos.users.findByEmail(form.email))) throw duplicate();
      throw error;
    }
  };

  /** A new person accepts an invitation: an account in the invitation's workspace only (no draft of its own). */
  const joinInvitedWorkspace = async (token: string, form: AccountForm, client: SignInClient | undefined) => {
    const invitation = await gate.invitationFor(token, form.email);
    if (await repos.users.findByEmail(form.email)) {
      throw conflict('An account with this e-mail already exists. Sign in to accept the invitation.', 'email');
    }
    const createdAt = nowIso(deps);
    // The link reached the invited mailbox, which proves the address.
    const user = await newUser(form, true, createdAt);
    const grant = await inTransaction(deps.handle.db, async (trx) => {
      const tx = createRepos(trx);
      if (!(await tx.invitations.accept(invitation.id, createdAt))) throw invitationInvalid();
      await tx.users.insert(user);
      await tx.tenants.addMember({ userId: user.id, tenantId: invitation.tenantId, role: invitation.role, createdAt });
      const joined = await tx.tenants.findForMember(user.id, invitation.tenantId);
      if (!joined) throw invitationInvalid();
      return startSession(user, joined.tenant, client, tx);
    });
    deps.logger.info({ userId: user.id, tenantId: invitation.tenantId }, 'Invitation accepted by a new account');
    await deps.audit?.record(
      { userId: user.id, tenantId: invitation.tenantId, address: client?.address },
      { action: 'invitation.accepted', target: invitation.id, detail: { role: invitation.role, newAccount: true } },
    );
    return { ...grant, workflowId: null as null };
  };

  /** Refuses a disabled account's sign-in (after its password or link was checked). */
  const refuseIfDisabled = async (userId: string) => {
    if (await gate.isDisabled(userId)) {
      throw new Problem(403, 'Forbidden', {
        detail: 'This account is disabled. Ask the owner of this Junction.',
        code: PROBLEM_CODES.accountDisabled,
      });
    }
  };

  return {
    async signUp(input, client) {
      const { email, password, name } = readAccountForm(input);
      // A sign-up with invitationToken (onboarding 3) goes through joinByInvitation (the route).
      if (input.invitationToken !== undefined) throw invitationInvalid();
      const { becomesOwner } = await gate.admit(email);
      if (await repos.users.findByEmail(email)) throw duplicate();
      const { grant, user, workflowId } = await createAccount({ email, password, name }, client, {
        verified: false,
        owner: becomesOwner ? 'if-none' : 'no',
      });
      try {
        await mailCode(user);
      } catch (error) {
        // The account exists now; failing the sign-up would only make a retry answer 409.
        // The modal's "send again" (sendCode) reports the mail failure instead.
        deps.logger.error({ err: String(error), userId: user.id }, 'Could not send the verification code');
      }
      return { ...grant, workflowId };
    },

    async joinByInvitation(input, client) {
      return joinInvitedWorkspace(input.invitationToken, readAccountForm(input), client);
    },

    async setUpOwner(input, client) {
      const form = readAccountForm(input);
      await gate.assertNoOwner();
      if (await repos.users.findByEmail(form.email)) throw duplicate();
      // The set-up page is the operator at their own server: no mail needed to prove the address.
      const { grant, user, workflowId } = await createAccount(form, client, { verified: true, owner: 'required' });
      deps.logger.info({ userId: user.id }, 'Instance owner created');
      return { ...grant, workflowId };
    },

    async sendCode(ctx) {
      const user = await repos.users.findById(ctx.userId);
      if (!user) throw unauthorized();
      try {
        await mailCode(user);
      } catch (error) {
        deps.logger.error({ err: String(error), userId: user.id }, 'Could not send the verification code');
        throw new Problem(503, 'Service Unavailable', {
          detail: 'The e-mail could not be sent. Try again in a minute.',
          retryAfter: 60,
        });
      }
    },

    async verifyCode(ctx, code) {
      const user = await repos.users.findById(ctx.userId);
      if (!user) throw unauthorized();
      const stored = await repos.codes.findCode(user.id);
      const expired = () => new Problem(410, 'Gone', { detail: CODE_EXPIRED, field: 'code' });
      if (!stored || stored.expiresAt <= nowIso(deps)) throw expired();
      // Count the attempt before comparing, atomically, so parallel guesses cannot
      // exceed the limit.
      if (!(await repos.codes.spendAttempt(stored.id, CODE_MAX_ATTEMPTS))) throw expired();
      const given = typeof code === 'string' ? code.trim() : '';
      if (!isSameSecret(stored.codeHash, hashToken(`${user.id}:${given}`))) throw unprocessable('Wrong code.', 'code');
      // The code reached the mailbox through this session, which was opened with the password
      // (sign-up or log-in): the password stays, every other session ends.
      if (await repos.users.markEmailVerified(user.id))
        await repos.sessions.removeOthersForUser(user.id, ctx.sessionId);
      await repos.codes.removeCodes(user.id);
      return toUserView({ ...user, emailVerified: true });
    },

    async logIn(input, client) {
      const email = normaliseEmail(input.email);
      const password = typeof input.password === 'string' ? input.password : '';
      const user = email ? await repos.users.findByEmail(email) : undefined;
      // Unknown users cost one argon2 verification too, and get the same answer.
      const isRight =
        user && user.passwordHash !== NO_PASSWORD_HASH
          ? await verifyPassword(user.passwordHash, password)
          : await verifyAgainstDummy(password);
      if (!user || !isRight) {
        await recordFailedSignIn(user?.id ?? null, client);
        throw unauthorized(WRONG_LOGIN);
      }
      await refuseIfDisabled(user.id);
      const tenant = await firstTenantOf(user.id);
      const grant = await startSession(user, tenant, client);
      await deps.audit?.record(
        { userId: user.id, tenantId: tenant.id, address: client?.address },
        { action: 'auth.signed_in', detail: { method: 'password' } },
      );
      return grant;
    },

    async logOut(ctx) {
      await repos.sessions.remove(ctx.sessionId);
      await deps.audit?.record(ctx, { action: 'auth.signed_out' });
    },

    async listSessions(ctx) {
      const sessions = await repos.sessions.listValidForUser(ctx.userId, nowIso(deps));
      const items = sessions.map((s) => ({
        id: s.id,
        createdAt: s.createdAt,
        expiresAt: s.expiresAt,
        device: s.device ?? UNKNOWN_DEVICE,
        current: s.id === ctx.sessionId,
      }));
      return { items };
    },

    async endSession(ctx, sessionId) {
      if (!(await repos.sessions.removeForUser(ctx.userId, sessionId))) throw notFound('Session');
      await deps.audit?.record(ctx, { action: 'auth.sessions_ended', target: sessionId, detail: { sessions: 1 } });
    },

    async logOutEverywhere(ctx) {
      await repos.sessions.removeAllForUser(ctx.userId);
      await deps.audit?.record(ctx, { action: 'auth.sessions_ended', detail: { everywhere: true } });
    },

    async authenticate(token) {
      if (typeof token !== 'string' || token === '') return null;
      const session = await repos.sessions.findValid(hashToken(token), nowIso(deps));
      return session && (await liveSession(session)) ? sessionContext(session) : null;
    },

    async createPopupTicket(ctx) {
      const ticket = createToken();
      const expiresAt = nowIso(deps, POPUP_TICKET_TTL_MS);
      await repos.codes.insertToken({
        id: deps.newId(),
        tokenHash: hashToken(ticket),
        userId: ctx.userId,
        purpose: `${POPUP_PURPOSE}${ctx.sessionId}`,
        expiresAt,
        createdAt: nowIso(deps),
      });
      return { ticket, expiresAt };
    },

    async redeemPopupTicket(ticket) {
      if (typeof ticket !== 'string' || ticket === '') return null;
      const used = await repos.codes.consumeTokenOfKind(hashToken(ticket), POPUP_PURPOSE, nowIso(deps));
      if (!used) return null;
      // The session it was issued to must still be signed in (a log-out voids its tickets).
      const session = await repos.sessions.findValidById(used.purpose.slice(POPUP_PURPOSE.length), nowIso(deps));
      if (!session || session.userId !== used.userId || !(await liveSession(session))) return null;
      return sessionContext(session);
    },

    async me(ctx: AuthContext) {
      const user = await repos.users.findById(ctx.userId);
      if (!user) throw unauthorized();
      const memberships = await repos.tenants.listForUser(user.id);
      return {
        ...toUserView(user),
        tenants: memberships.map((m) => ({
          role: isRole(m.role) ? m.role : 'viewer',
          tenant: toTenantView(m.tenant),
        })),
        currentTenantId: ctx.tenantId,
        isInstanceOwner: await gate.isInstanceOwner(user.id),
      };
    },

    async sendSignInLink(email, link) {
      const address = normaliseEmail(email);
      const user = isValidEmail(address) ? await repos.users.findByEmail(address) : undefined;
      // No account, no mail, and the same (empty) answer: nothing to enumerate.
      if (!user) return;
      const token = createToken();
      try {
        // Earlier links stay valid until one is used (exchangeToken ends them all): a stranger
        // asking links for this address cannot void the one the owner is about to open.
        await repos.codes.insertToken({
          id: deps.newId(),
          tokenHash: hashToken(token),
          userId: user.id,
          purpose: SIGN_IN_PURPOSE,
          expiresAt: nowIso(deps, SIGN_IN_LINK_TTL_MS),
          createdAt: nowIso(deps),
        });
        await deps.mailer.send({ to: user.email, ...createSignInLinkMail(link(token), SIGN_IN_LINK_TTL_MS / 60_000) });
      } catch (error) {
        deps.logger.error({ err: String(error), userId: user.id }, 'Could not send the sign-in link');
      }
    },

    async exchangeToken(oneTimeToken, client) {
      const userId =
        typeof oneTimeToken === 'string' && oneTimeToken !== ''
          ? await repos.codes.consumeToken(hashToken(oneTimeToken), SIGN_IN_PURPOSE, nowIso(deps))
          : undefined;
      const user = userId ? await repos.users.findById(userId) : undefined;
      if (!user) throw unauthorized('This sign-in link has expired or was already used.');
      // A used link ends the others too.
      await repos.codes.removeTokens(user.id, SIGN_IN_PURPOSE);
      // The link reached the mailbox, which proves the address. On an account nobody had proven,
      // whoever signed up may not own the mailbox (pre-hijacking): their password and sessions end.
      if (await repos.users.markEmailVerified(user.id)) {
        await repos.users.setPasswordHash(user.id, NO_PASSWORD_HASH);
        await repos.sessions.removeAllForUser(user.id);
      }
      await refuseIfDisabled(user.id);
      const tenant = await firstTenantOf(user.id);
      const grant = await startSession({ ...user, emailVerified: true }, tenant, client);
      await deps.audit?.record(
        { userId: user.id, tenantId: tenant.id, address: client?.address },
        { action: 'auth.signed_in', detail: { method: 'link' } },
      );
      return grant;
    },
  };
}
