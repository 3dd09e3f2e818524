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
