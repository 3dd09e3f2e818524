/** E-mail verification codes and single-use sign-in tokens. */
import type { Kysely } from 'kysely';
import type { Database } from '../database.js';
import { inTransaction } from './transaction.js';

/** A stored verification code (hashed). */
export interface VerificationCodeRecord {
  id: string;
  userId: string;
  codeHash: string;
  expiresAt: string;
  attempts: number;
  createdAt: string;
}

/** Repository of `verification_codes` and `one_time_tokens`. */
export interface CodesRepo {
  /** Stores a user's new code, voiding any earlier one. */
  replaceCode(code: VerificationCodeRecord): Promise<void>;
  /** The user's current code, if any. */
  findCode(userId: string): Promise<VerificationCodeRecord | undefined>;
  /**
   * Counts one attempt against a code, atomically, unless it already had `maxAttempts`.
   * Answers false when the attempt was refused (the code is exhausted or gone).
   */
  spendAttempt(codeId: string, maxAttempts: number): Promise<boolean>;
  removeCodes(userId: string): Promise<void>;
  insertToken(token: {
    id: string;
    tokenHash: string;
    userId: string;
    purpose: string;
    expiresAt: string;
    createdAt: string;
  }): Promise<void>;
  /**
   * Uses a one-time token: deletes it and answers its user id when it existed, had this
   * purpose and had not expired at `nowIso`. A second call answers undefined.
   */
  consumeToken(tokenHash: string, purpose: string, nowIso: string): Promise<string | undefined>;
  /**
   * Uses a one-time token whose purpose starts with `purposePrefix` (a purpose carrying what
   * the token is bound to, e.g. `popup:{sessionId}`): deletes it and answers its user id and
   * purpose when it had not expired at `nowIso`. A second call answers undefined.
   */
  consumeTokenOfKind(
    tokenHash: string,
    purposePrefix: string,
    nowIso: string,
  ): Promise<{ userId: string; purpose: string } | undefined>;
  /** Deletes every one-time token of the user with this purpose (all earlier sign-in links). */
  removeTokens(userId: string, purpose: string): Promise<void>;
  /** Deletes codes and tokens that expired before `nowIso`; answers how many. */
  removeExpired(nowIso: string): Promise<number>;
}

/** Builds the codes repository over a database or a transaction. */
export function createCodesRepo(db: Kysely<Database>): CodesRepo {
  return {
    async replaceCode(code) {
      await inTransaction(db, async (trx) => {
        await trx.deleteFrom('verification_codes').where('user_id', '=', code.userId).execute();
        await trx
          .insertInto('verification_codes')
          .values({
            id: code.id,
            user_id: code.userId,
            code_hash: code.codeHash,
            expires_at: code.expiresAt,
            attempts: code.attempts,
            created_at: code.createdAt,
          })
          .execute();
      });
    },
    async findCode(userId) {
      const row = await db
        .selectFrom('verification_codes')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      return (
        row && {
          id: row.id,
          userId: row.user_id,
          codeHash: row.code_hash,
          expiresAt: row.expires_at,
          attempts: row.attempts,
          createdAt: row.created_at,
        }
      );
    },
    async spendAttempt(codeId, maxAttempts) {
      const result = await db
        .updateTable('verification_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', codeId)
        .where('attempts', '<', maxAttempts)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async removeCodes(userId) {
      await db.deleteFrom('verification_codes').where('user_id', '=', userId).execute();
    },
    async insertToken(t) {
      await db
        .insertInto('one_time_tokens')
        .values({
          id: t.id,
          token_hash: t.tokenHash,
          user_id: t.userId,
          purpose: t.purpose,
          expires_at: t.expiresAt,
          created_at: t.createdAt,
        })
        .execute();
    },
    async consumeToken(tokenHash, purpose, nowIso) {
      // Delete-and-return in one statement: two concurrent exchanges cannot both win.
      const row = await db
        .deleteFrom('one_time_tokens')
        .where('token_hash', '=', tokenHash)
        .where('purpose', '=', purpose)
        .returning(['user_id', 'expires_at'])
        .executeTakeFirst();
      if (!row || row.expires_at <= nowIso) return undefined;
      return row.user_id;
    },
    async consumeTokenOfKind(tokenHash, purposePrefix, nowIso) {
      const row = await db
        .deleteFrom('one_time_tokens')
        .where('token_hash', '=', tokenHash)
        .where('purpose', 'like', `${purposePrefix}%`)
        .returning(['user_id', 'purpose', 'expires_at'])
        .executeTakeFirst();
      if (!row || row.expires_at <= nowIso) return undefined;
      return { userId: row.user_id, purpose: row.purpose };
    },
    async removeTokens(userId, purpose) {
      await db.deleteFrom('one_time_tokens').where('user_id', '=', userId).where('purpose', '=', purpose).execute();
    },
    async removeExpired(nowIso) {
      const codes = await db.deleteFrom('verification_codes').where('expires_at', '<=', nowIso).executeTakeFirst();
      const tokens = await db.deleteFrom('one_time_tokens').where('expires_at', '<=', nowIso).executeTakeFirst();
      return Number(codes.numDeletedRows) + Number(tokens.numDeletedRows);
    },
  };
}
