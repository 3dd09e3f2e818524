/** A stored session as the caller's `AuthContext`, with their role in its workspace. */
import { isRole } from '@junction/core';
import type { AuthContext } from '../kernel/types.js';
import type { SessionRecord } from '../store/repos/index.js';

/** The context a session stands for; a role the table does not know counts as no membership. */
export function sessionContext(session: SessionRecord): AuthContext {
  return {
    userId: session.userId,
    tenantId: session.tenantId,
    sessionId: session.id,
    role: isRole(session.role) ? session.role : null,
  };
}

/** Minutes a session may go unused before it ends unless SESSION_IDLE_MINUTES says otherwise (7 days). */
export const DEFAULT_SESSION_IDLE_MINUTES = 7 * 24 * 60;

/** How stale `last_seen_at` may get before a request writes it again: a write per minute at most. */
const TOUCH_EVERY_MS = 60_000;

/** The idle timeout in ms for a configuration; 0 when turned off. */
export function idleTimeoutMs(config: { sessionIdleMinutes?: number }): number {
  const minutes = config.sessionIdleMinutes ?? DEFAULT_SESSION_IDLE_MINUTES;
  return Number.isFinite(minutes) && minutes > 0 ? minutes * 60_000 : 0;
}

/**
 * What a request does with a session under the idle timeout: 'end' it (unused longer than the
 * timeout, counted from its last use or else its start), 'touch' it (its last use is over a minute
 * old), or 'keep' it as it is.
 */
export function idleVerdict(
  session: Pick<SessionRecord, 'createdAt' | 'lastSeenAt'>,
  nowMs: number,
  timeoutMs: number,
): 'end' | 'touch' | 'keep' {
  const lastUse = Date.parse(session.lastSeenAt ?? session.createdAt);
  if (timeoutMs > 0 && nowMs - lastUse > timeoutMs) return 'end';
  return nowMs - lastUse > TOUCH_EVERY_MS ? 'touch' : 'keep';
}
