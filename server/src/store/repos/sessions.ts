/** Bearer sessions, looked up by the sha-256 of their token. */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../database.js';

/** A stored session. */
export interface SessionRecord {
  id: string;
  tokenHash: string;
  userId: string;
  tenantId: string;
  expiresAt: string;
  createdAt: string;
  /** The device that signed in (core's describeDevice), null when unknown. */
  device?: string | null;
  /** The user's role in `tenantId` (read with the session; null when no longer a member). */
  role?: string | null;
  /** When the session was last used (the idle timeout); null until first recorded. */
  lastSeenAt?: string | null;
}

/** Repository of `sessions`. */
export interface SessionsRepo {
  insert(session: SessionRecord): Promise<void>;
  /** The session with this token hash that has not expired at `nowIso`. */
  findValid(tokenHash: string, nowIso: string): Promise<SessionRecord | undefined>;
  /** The session with this id that has not expired at `nowIso`. */
  findValidById(sessionId: string, nowIso: string): Promise<SessionRecord | undefined>;
  /** Points a session at another current tenant. */
  setTenant(sessionId: string, tenantId: string): Promise<void>;
  remove(sessionId: string): Promise<void>;
  /** The user's sessions valid at `nowIso`, newest first. */
  listValidForUser(userId: string, nowIso: string): Promise<SessionRecord[]>;
  /** Ends one of the user's sessions; answers whether it existed. */
  removeForUser(userId: string, sessionId: string): Promise<boolean>;
  /** Ends every session of the user. */
  removeAllForUser(userId: string): Promise<void>;
  /** Records that the session was used at `nowIso` (the idle timeout counts from it). */
  touch(sessionId: string, nowIso: string): Promise<void>;
  /** Ends the user's sessions whose current workspace is `tenantId` (they left it). */
  removeForUserInTenant(userId: string, tenantId: string): Promise<number>;
  /** Ends every session of the user but `keepSessionId`. */
  removeOthersForUser(userId: string, keepSessionId: string): Promise<void>;
  /** Deletes sessions that expired before `nowIso`; answers how many. */
  removeExpired(nowIso: string): Promise<number>;
}

const toRecord = (row: Selectable<Database['sessions']>): SessionRecord => ({
  id: row.id,
  tokenHash: row.token_hash,
  userId: row.user_id,
  tenantId: row.tenant_id,
  expiresAt: row.expires_at,
  createdAt: row.created_at,
  device: row.device,
  lastSeenAt: row.last_seen_at,
});

/** Builds the sessions repository over a database or a transaction. */
export function createSessionsRepo(db: Kysely<Database>): SessionsRepo {
  // The session with the user's role in its tenant, in one statement (every request reads it).
  const withRole = () =>
    db
      .selectFrom('sessions')
      .leftJoin('memberships', (join) =>
        join
          .onRef('memberships.user_id', '=', 'sessions.user_id')
          .onRef('memberships.tenant_id', '=', 'sessions.tenant_id'),
      )
      .selectAll('sessions')
      .select('memberships.role as role');
  return {
    async removeOthersForUser(userId, keepSessionId) {
      await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '!=', keepSessionId).execute();
    },
    async insert(s) {
      await db
        .insertInto('sessions')
        .values({
          id: s.id,
          token_hash: s.tokenHash,
          user_id: s.userId,
          tenant_id: s.tenantId,
          expires_at: s.expiresAt,
          created_at: s.createdAt,
          device: s.device ?? null,
        })
        .execute();
    },
    async findValid(tokenHash, nowIso) {
      const row = await withRole()
        .where('sessions.token_hash', '=', tokenHash)
        .where('sessions.expires_at', '>', nowIso)
        .executeTakeFirst();
      return row && { ...toRecord(row), role: row.role };
    },
    async findValidById(sessionId, nowIso) {
      const row = await withRole()
        .where('sessions.id', '=', sessionId)
        .where('sessions.expires_at', '>', nowIso)
        .executeTakeFirst();
      return row && { ...toRecord(row), role: row.role };
    },
    async listValidForUser(userId, nowIso) {
      const rows = await db
        .selectFrom('sessions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('expires_at', '>', nowIso)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
      return rows.map(toRecord);
    },
    async removeForUser(userId, sessionId) {
      const result = await db
        .deleteFrom('sessions')
        .where('user_id', '=', userId)
        .where('id', '=', sessionId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    async touch(sessionId, nowIso) {
      await db.updateTable('sessions').set({ last_seen_at: nowIso }).where('id', '=', sessionId).execute();
    },
    async removeForUserInTenant(userId, tenantId) {
      const result = await db
        .deleteFrom('sessions')
        .where('user_id', '=', userId)
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async removeAllForUser(userId) {
      await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
    },
    async setTenant(sessionId, tenantId) {
      await db.updateTable('sessions').set({ tenant_id: tenantId }).where('id', '=', sessionId).execute();
    },
    async remove(sessionId) {
      await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
    },
    async removeExpired(nowIso) {
      const result = await db.deleteFrom('sessions').where('expires_at', '<=', nowIso).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
