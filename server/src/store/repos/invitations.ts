/** Workspace invitations: one row per invitation; the link's token is stored as its sha-256 only. */
import type { Kysely } from 'kysely';
import type { Database } from '../database.js';

/** A stored invitation. */
export interface InvitationRecord {
  id: string;
  tenantId: string;
  email: string;
  role: string;
  tokenHash: string;
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
  acceptedAt: string | null;
  revokedAt: string | null;
}

/** Repository of `invitations`; every call but the token lookup takes the workspace. */
export interface InvitationsRepo {
  insert(invitation: InvitationRecord): Promise<void>;
  /** The workspace's invitations neither accepted nor revoked (expired ones included), newest first. */
  listOpen(tenantId: string): Promise<InvitationRecord[]>;
  find(tenantId: string, id: string): Promise<InvitationRecord | undefined>;
  findByTokenHash(tokenHash: string): Promise<InvitationRecord | undefined>;
  /** The workspace's open invitations to an address. */
  findOpenFor(tenantId: string, email: string): Promise<InvitationRecord[]>;
  /** A new link and expiry for an open invitation; false when it is accepted or revoked. */
  renew(tenantId: string, id: string, tokenHash: string, expiresAt: string): Promise<boolean>;
  /** Revokes an open invitation; false when it is accepted, revoked or missing. */
  revoke(tenantId: string, id: string, at: string): Promise<boolean>;
  /**
   * Marks an invitation accepted if it is still open and unexpired at `at`: the one conditional
   * write that makes a link single use (two tabs accepting at once: one wins).
   */
  accept(id: string, at: string): Promise<boolean>;
}

const toRecord = (row: Database['invitations']): InvitationRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  email: row.email,
  role: row.role,
  tokenHash: row.token_hash,
  invitedBy: row.invited_by,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  acceptedAt: row.accepted_at,
  revokedAt: row.revoked_at,
});

/** Builds the invitations repository over a database or a transaction. */
export function createInvitationsRepo(db: Kysely<Database>): InvitationsRepo {
  const open = () =>
    db.selectFrom('invitations').selectAll().where('accepted_at', 'is', null).where('revoked_at', 'is', null);
  /** Changes one open invitation of a workspace; false when it is accepted, revoked or missing. */
  const updateOpen = async (
    tenantId: string,
    id: string,
    values: { token_hash?: string; expires_at?: string; revoked_at?: string },
  ) => {
    const result = await db
      .updateTable('invitations')
      .set(values)
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  };
  return {
    async insert(invitation) {
      await db
        .insertInto('invitations')
        .values({
          id: invitation.id,
          tenant_id: invitation.tenantId,
          email: invitation.email,
          role: invitation.role,
          token_hash: invitation.tokenHash,
          invited_by: invitation.invitedBy,
          created_at: invitation.createdAt,
          expires_at: invitation.expiresAt,
          accepted_at: invitation.acceptedAt,
          revoked_at: invitation.revokedAt,
        })
        .execute();
    },
    async listOpen(tenantId) {
      const rows = await open().where('tenant_id', '=', tenantId).orderBy('created_at', 'desc').orderBy('id').execute();
      return rows.map(toRecord);
    },
    async find(tenantId, id) {
      const row = await db
        .selectFrom('invitations')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toRecord(row);
    },
    async findByTokenHash(tokenHash) {
      const row = await db.selectFrom('invitations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
      return row && toRecord(row);
    },
    async findOpenFor(tenantId, email) {
      const rows = await open().where('tenant_id', '=', tenantId).where('email', '=', email).execute();
      return rows.map(toRecord);
    },
    renew: (tenantId, id, tokenHash, expiresAt) =>
      updateOpen(tenantId, id, { token_hash: tokenHash, expires_at: expiresAt }),
    revoke: (tenantId, id, at) => updateOpen(tenantId, id, { revoked_at: at }),
    async accept(id, at) {
      const result = await db
        .updateTable('invitations')
        .set({ accepted_at: at })
        .where('id', '=', id)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', at)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
