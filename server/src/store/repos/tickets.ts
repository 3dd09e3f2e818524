/** `tickets` (tables/support.ts): support tickets, newest first; counted per workspace and pruned by age. */
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
  /** How many tickets the tenant filed at or after `since` (ISO). */
  countSince(tenantId: string, since: string): Promise<number>;
  /** Deletes up to `limit` tickets created before `before` (ISO); answers how many. */
  deleteBefore(before: string, limit: number): Promise<number>;
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
    async countSince(tenantId, since) {
      const row = await db
        .selectFrom('tickets')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('tenant_id', '=', tenantId)
        .where('created_at', '>=', since)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    async deleteBefore(before, limit) {
      const rows = await db.selectFrom('tickets').select('id').where('created_at', '<', before).limit(limit).execute();
      if (rows.length === 0) return 0;
      const ids = rows.map((r) => r.id);
      const result = await db.deleteFrom('tickets').where('id', 'in', ids).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
