/** Runs work in a transaction, joining the caller's when there already is one. */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../database.js';

/**
 * Runs `work` inside a transaction. Kysely refuses nested transactions, so a repository
 * handed a transaction simply runs inside it.
 */
export function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database> | Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
