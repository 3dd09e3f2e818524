/**
 * Who may come in: the instance's sign-up policy and invitations. The server decides every
 * sign-up with `decideSignUp`; the instance page and the set-up page show the same texts.
 */
import { normaliseEmail } from './email.js';

/** The sign-up policies an owner (or SIGNUP_POLICY) can choose. */
export const SIGNUP_POLICIES = ['open', 'invite', 'domains'] as const;
/** A sign-up policy: anyone, by invitation only, or addresses at listed domains. */
export type SignupPolicy = (typeof SIGNUP_POLICIES)[number];

/** An invitation link works for 7 days unless the inviter re-sends it (a new link, a new week). */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** How many domains SIGNUP_DOMAINS or the instance page may list. */
export const SIGNUP_DOMAINS_MAX = 50;

/** The one text every refused sign-up answers, whether or not the address has an account. */
export const SIGNUP_CLOSED_MESSAGE =
  'Sign-up is by invitation only on this Junction. Ask its owner or a workspace admin to invite you.';
/** The text a sign-up gets before anyone owns the instance. */
export const SETUP_REQUIRED_MESSAGE = 'This Junction has no owner yet. Open /setup to create the owner account.';

/** What the server knows when it decides a sign-up. */
export interface SignUpContext {
  /** The policy fixed by the environment (SIGNUP_POLICY), if any: it wins over the stored one. */
  envPolicy?: SignupPolicy;
  /** The policy the owner chose on the instance page, if any. */
  storedPolicy?: SignupPolicy;
  /** Domains for the `domains` policy (the environment's when it fixes the policy). */
  domains: readonly string[];
  /** Whether an instance owner exists. */
  hasOwner: boolean;
}

/** The policy in force, and whether it comes from the environment (the instance page cannot change it then). */
export interface EffectivePolicy {
  policy: SignupPolicy;
  fixedByEnvironment: boolean;
}

/**
 * The policy in force: the environment's, else the owner's choice, else invitation only.
 *
 * @example
 * effectiveSignupPolicy({ domains: [], hasOwner: true }); // { policy: 'invite', fixedByEnvironment: false }
 */
export function effectiveSignupPolicy(context: SignUpContext): EffectivePolicy {
  if (context.envPolicy) return { policy: context.envPolicy, fixedByEnvironment: true };
  return { policy: context.storedPolicy ?? 'invite', fixedByEnvironment: false };
}

/** A sign-up's verdict: allowed, or refused with the reason's code. */
export type SignUpVerdict = { allowed: true } | { allowed: false; reason: 'setup_required' | 'closed' };

/**
 * Decides whether an address may sign up on its own (without an invitation). Before an owner
 * exists only an environment policy opens sign-up (automated installs); otherwise the set-up
 * page comes first.
 *
 * @example
 * decideSignUp('ada@a.com', { storedPolicy: 'domains', domains: ['a.com'], hasOwner: true }); // { allowed: true }
 */
export function decideSignUp(email: string, context: SignUpContext): SignUpVerdict {
  if (!context.hasOwner && !context.envPolicy) return { allowed: false, reason: 'setup_required' };
  const { policy } = effectiveSignupPolicy(context);
  if (policy === 'open') return { allowed: true };
  if (policy === 'domains' && isAtListedDomain(email, context.domains)) return { allowed: true };
  return { allowed: false, reason: 'closed' };
}

/** Whether an address's domain is one of the listed ones (exactly; no subdomains). */
export function isAtListedDomain(email: string, domains: readonly string[]): boolean {
  const address = normaliseEmail(email);
  const at = address.lastIndexOf('@');
  if (at < 0) return false;
  const domain = address.slice(at + 1);
  return domains.some((listed) => normaliseDomain(listed) === domain);
}

/** A domain as stored and compared: trimmed, lower-cased, without a leading '@'. */
export function normaliseDomain(text: string): string {
  return text.trim().toLowerCase().replace(/^@/, '');
}

const DOMAIN_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/**
 * Reads a comma- or space-separated domain list; the first bad entry is named.
 *
 * @example
 * parseSignupDomains('a.com, @B.org'); // { domains: ['a.com', 'b.org'] }
 * parseSignupDomains('a.com, nope'); // { error: "'nope' is not a domain (like example.com)." }
 */
export function parseSignupDomains(text: string): { domains: string[] } | { error: string } {
  const entries = text
    .split(/[\s,]+/)
    .map(normaliseDomain)
    .filter(Boolean);
  for (const entry of entries) {
    if (!DOMAIN_PATTERN.test(entry)) return { error: `'${entry}' is not a domain (like example.com).` };
  }
  const domains = [...new Set(entries)];
  if (domains.length > SIGNUP_DOMAINS_MAX) return { error: `List at most ${SIGNUP_DOMAINS_MAX} domains.` };
  return { domains };
}

/** Whether a text names a sign-up policy. */
export function isSignupPolicy(text: unknown): text is SignupPolicy {
  return typeof text === 'string' && (SIGNUP_POLICIES as readonly string[]).includes(text);
}

/** The state of an invitation at a moment. */
export type InvitationState = 'pending' | 'accepted' | 'revoked' | 'expired';

/**
 * An invitation's state: accepted and revoked are final; a pending one expires at `expiresAt`.
 *
 * @example
 * invitationState({ expiresAt: '2026-01-08T00:00:00.000Z' }, '2026-01-09T00:00:00.000Z'); // 'expired'
 */
export function invitationState(
  invitation: { acceptedAt?: string | null; revokedAt?: string | null; expiresAt: string },
  nowIso: string,
): InvitationState {
  if (invitation.acceptedAt) return 'accepted';
  if (invitation.revokedAt) return 'revoked';
  return invitation.expiresAt <= nowIso ? 'expired' : 'pending';
}
