/** `hook_secrets` (tables/hooks.ts): the sealed secrets of webhook handshakes, one row per hook key and kind. */
import type { Kysely } from 'kysely';
import type { Database } from '../database.js';
import type { HookSecretsTable } from '../tables/hooks.js';

/** A stored hook secret (still sealed). */
export type HookSecretRow = HookSecretsTable;

/** Reads and writes `hook_secrets`. */
export interface HookSecretsRepo {
  /** Every row of a hook key. */
  listForKey(hookKey: string): Promise<HookSecretRow[]>;
  /** The row of a hook key and kind, or undefined. */
  find(hookKey: string, kind: string): Promise<HookSecretRow | undefined>;
  /** Inserts the row, or replaces everything but its key, kind and creation time. */
  upsert(row: HookSecretRow): Promise<void>;
  /** Deletes every row of a hook key. */
  removeForKey(hookKey: string): Promise<void>;
}

/** Builds the repository over a database or a transaction. */
export function createHookSecretsRepo(db: Kysely<Database>): HookSecretsRepo {
  return {
    listForKey(hookKey) {
      return db.selectFrom('hook_secrets').selectAll().where('hook_key', '=', hookKey).execute();
    },
    find(hookKey, kind) {
      return db
        .selectFrom('hook_secrets')
        .selectAll()
        .where('hook_key', '=', hookKey)
        .where('kind', '=', kind)
        .executeTakeFirst();
    },
    async upsert({ hook_key, kind, created_at, ...rest }) {
      await db
        .insertInto('hook_secrets')
        .values({ hook_key, kind, created_at, ...rest })
        .onConflict((oc) => oc.columns(['hook_key', 'kind']).doUpdateSet(rest))
        .execute();
    },
    async removeForKey(hookKey) {
      await db.deleteFrom('hook_secrets').where('hook_key', '=', hookKey).execute();
    },
  };
}
