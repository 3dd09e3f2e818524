/**
 * Migration 0010-email-normalised: one account per address whatever its case. Accounts are
 * written in core's normalised form (`normaliseEmail`: trimmed, lower-cased); this rewrites any
 * older row that is not (unless its normalised form is already taken) and adds a unique index
 * on the lower-cased address, so no write can add a second account differing only by case.
 */
import { type Kysely, type Migration, sql } from 'kysely';

/** Builds migration 0010-email-normalised (the same on both dialects). */
export function createEmailNormalisedMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql`
        UPDATE users SET email = lower(trim(email))
        WHERE email <> lower(trim(email))
          AND NOT EXISTS (SELECT 1 FROM users AS other WHERE other.email = lower(trim(users.email)))
      `.execute(db);
      await sql`CREATE UNIQUE INDEX users_email_normalised_idx ON users (lower(email))`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql`DROP INDEX users_email_normalised_idx`.execute(db);
    },
  };
}
