/** `oauth_states` (tables/steps.ts): one OAuth 2.0 pop-up flow, stored by the hashes of its state and browser cookie. */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../database.js';
import type { OAuthStatesTable } from '../tables/steps.js';

/** A stored flow. */
export type OAuthStateRow = Selectable<OAuthStatesTable>;

/** Reads and writes `oauth_states`. */
export interface OAuthStatesRepo {
  /** Deletes the flows that expired before `at`. */
  removeExpired(at: string): Promise<void>;
  insert(row: OAuthStateRow): Promise<void>;
  /**
   * Marks the flow used when it is unused, unexpired at `at` and matches the app and the
   * browser's cookie hash (a conditional UPDATE, so it is spent once); answers the row then.
   */
  consume(stateHash: string, app: string, browserHash: string, at: string): Promise<OAuthStateRow | undefined>;
  /** Whether the flow is still open (issued, unused, unexpired at `at`) for this app. */
  isOpen(stateHash: string, app: string, at: string): Promise<boolean>;
}

/** Builds the repository over a database or a transaction. */
export function createOAuthStatesRepo(db: Kysely<Database>): OAuthStatesRepo {
  return {
    async removeExpired(at) {
      await db.deleteFrom('oauth_states').where('expires_at', '<', at).execute();
    },
    async insert(row) {
      await db.insertInto('oauth_states').values(row).execute();
    },
    async consume(stateHash, app, browserHash, at) {
      const result = await db
        .updateTable('oauth_states')
        .set({ used_at: at })
        .where('state_hash', '=', stateHash)
        .where('app', '=', app)
        .where('browser_hash', '=', browserHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', at)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return undefined;
      return db.selectFrom('oauth_states').selectAll().where('state_hash', '=', stateHash).executeTakeFirst();
    },
    async isOpen(stateHash, app, at) {
      const row = await db
        .selectFrom('oauth_states')
        .select('state_hash')
        .where('state_hash', '=', stateHash)
        .where('app', '=', app)
        .where('used_at', 'is', null)
        .where('expires_at', '>', at)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
