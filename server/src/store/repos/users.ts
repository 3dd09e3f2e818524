/** Users and their tenant memberships. */
import { normaliseEmail } from '@junction/core';
import type { Kysely } from 'kysely';
import type { Database } from '../database.js';

/** A stored user. */
export interface UserRecord {
  id: string;
  email: string;
  name: string;
  passwordHash: string;
  emailVerified: boolean;
  createdAt: string;
}

/** Repository of `users`; e-mails are stored and looked up in core's normalised form (`normaliseEmail`). */
export interface UsersRepo {
  insert(user: UserRecord): Promise<void>;
  findById(id: string): Promise<UserRecord | undefined>;
  /** Looks a user up by e-mail, whatever its case and surrounding spaces. */
  findByEmail(email: string): Promise<UserRecord | undefined>;
  /** Marks the address proven; answers true only for the call that changed it (it was unproven). */
  markEmailVerified(id: string): Promise<boolean>;
  setPasswordHash(id: string, passwordHash: string): Promise<void>;
}

/** Builds the users repository over a database or a transaction. */
export function createUsersRepo(db: Kysely<Database>): UsersRepo {
  const toRecord = (row: Database['users']): UserRecord => ({
    id: row.id,
    email: row.email,
    name: row.name,
    passwordHash: row.password_hash,
    emailVerified: row.email_verified === 1,
    createdAt: row.created_at,
  });
  return {
    async setPasswordHash(id, passwordHash) {
      await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
    },
    async insert(user) {
      await db
        .insertInto('users')
        .values({
          id: user.id,
          email: normaliseEmail(user.email),
          name: user.name,
          password_hash: user.passwordHash,
          email_verified: user.emailVerified ? 1 : 0,
          created_at: user.createdAt,
        })
        .execute();
    },
    async findById(id) {
      const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },
    async findByEmail(email) {
      const row = await db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', normaliseEmail(email))
        .executeTakeFirst();
      return row && toRecord(row);
    },
    async markEmailVerified(id) {
      const result = await db
        .updateTable('users')
        .set({ email_verified: 1 })
        .where('id', '=', id)
        .where('email_verified', '=', 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
