/** `tickets` (tables/support.ts): support tickets, newest first. */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../database.js';
import type { TicketsTable } from '../tables/support.js';

/** A stored ticket. */
export type TicketRow = Selectable<TicketsTable>;

/** Reads and writes `tickets`. */
export interface TicketsRepo {
  insert(row: TicketRow): Promise<void>;
  /** Records that the ticket went out by mail. */
  markMailed(id: string): Promise<void>;
  /** The newest `limit` tickets, of one tenant or (tenantId undefined) of every tenant. */
  listNewest(limit: number, tenantId?: string): Promise<TicketRow[]>;
}

/** Builds the repository over a database or a transaction. */
export function createTicketsRepo(db: Kysely<Database>): TicketsRepo {
  return {
    async insert(row) {
      await db.insertInto('tickets').values(row).execute();
    },
    async markMailed(id) {
      await db.updateTable('tickets').set({ mailed: 1 }).where('id', '=', id).execute();
    },
    listNewest(limit, tenantId) {
      let query = db.selectFrom('tickets').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit);
      if (tenantId !== undefined) query = query.where('tenant_id', '=', tenantId);
      return query.execute();
    },
  };
}
