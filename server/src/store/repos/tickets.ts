/** `tickets` (tables/support.ts): support tickets, newest first; counted per workspace and pruned by age. */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../database.js';
import type { TicketsTable } from '../tables/support.js';
import { inTransaction } from './transaction.js';

/** A stored ticket. */
export type TicketRow = Selectable<TicketsTable>;

/** Reads and writes `tickets`. */
export interface TicketsRepo {
  insert(row: TicketRow): Promise<void>;
  /** Records that the ticket went out by mail. */
  markMailed(id: string): Promise<void>;
  /** The newest `limit` tickets, of one tenant or (tenantId undefined) of every tenant. */
  listNewest(limit: number, tenantId?: string): Promise<TicketRow[]>;
  /**
   * Inserts the ticket unless its tenant filed `max` since `since`; answers whether it did.
   * Race-proof on both databases: the count and the insert run in one transaction that first
   * writes the tenant's row (a no-op write), so concurrent creates of one tenant take turns.
   */
  insertWithinQuota(row: TicketRow, since: string, max: number): Promise<boolean>;
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
    async insertWithinQuota(row, since, max) {
      return inTransaction(db, async (trx) => {
        await trx
          .updateTable('tenants')
          .set((eb) => ({ name: eb.ref('name') }))
          .where('id', '=', row.tenant_id)
          .execute();
        const counted = await trx
          .selectFrom('tickets')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('tenant_id', '=', row.tenant_id)
          .where('created_at', '>=', since)
          .executeTakeFirst();
        if (Number(counted?.n ?? 0) >= max) return false;
        await trx.insertInto('tickets').values(row).execute();
        return true;
      });
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
