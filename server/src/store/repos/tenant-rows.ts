/** Writes every tenant-scoped repository makes the same way. */
import type { Kysely } from 'kysely';
import type { Database } from '../database.js';

/** Tables whose rows belong to one tenant and are named by an `id`. */
type TenantRowTable = 'credentials' | 'workflows' | 'demo_crm_hooks';

/**
 * Deletes the tenant's row with this id; false when the tenant has none (another tenant's row
 * with that id is left alone, as if it did not exist).
 *
 * @example
 * await removeTenantRow(db, 'credentials', tenantId, credentialId); // true once, then false
 */
export async function removeTenantRow(
  db: Kysely<Database>,
  table: TenantRowTable,
  tenantId: string,
  id: string,
): Promise<boolean> {
  const result = await db.deleteFrom(table).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
