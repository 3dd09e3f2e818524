/** `checkout_sessions` (tables/support.ts): embedded premium checkouts, stored by the sha-256 of their id. */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../database.js';
import type { CheckoutSessionsTable } from '../tables/support.js';

/** A stored checkout. */
export type CheckoutSessionRow = Selectable<CheckoutSessionsTable>;

/** Reads and writes `checkout_sessions`. */
export interface CheckoutSessionsRepo {
  insert(row: CheckoutSessionRow): Promise<void>;
  findByIdHash(idHash: string): Promise<CheckoutSessionRow | undefined>;
  /** Marks an open checkout paid (conditional, so a double submit pays once); answers whether it did. */
  markPaid(idHash: string): Promise<boolean>;
}

/** Builds the repository over a database or a transaction. */
export function createCheckoutSessionsRepo(db: Kysely<Database>): CheckoutSessionsRepo {
  return {
    async insert(row) {
      await db.insertInto('checkout_sessions').values(row).execute();
    },
    findByIdHash(idHash) {
      return db.selectFrom('checkout_sessions').selectAll().where('id_hash', '=', idHash).executeTakeFirst();
    },
    async markPaid(idHash) {
      const result = await db
        .updateTable('checkout_sessions')
        .set({ status: 'paid' })
        .where('id_hash', '=', idHash)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
