/**
 * The `subscription_intents` repository: durable records of app webhook subscriptions made or
 * being removed at a third party outside the transaction that stores them
 * (engine/triggers/intents.ts). Every change of state is a conditional write, so two
 * processes (PostgreSQL) never both take the same intent.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database, SubscriptionIntentsTable } from '../database.js';
import { readJson, writeJson } from '../json.js';

/** Not yet stored with its workflow, or to remove at the app. */
export type IntentState = 'subscribing' | 'unsubscribing';

/** One intent. */
export interface SubscriptionIntent {
  id: string;
  tenantId: string;
  workflowId: string;
  app: string;
  event: string;
  hookKey: string;
  hookUrl: string;
  unsubscribeKey: string;
  credentialId: string | null;
  /** The app's subscribe answer; undefined until it came. */
  answer: unknown;
  state: IntentState;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string;
  createdAt: string;
  updatedAt: string;
}

/** What starting an intent needs. */
export type NewIntent = Omit<SubscriptionIntent, 'answer' | 'state' | 'attempts' | 'lastError' | 'updatedAt'>;

/** Repository of subscription intents. */
export interface SubscriptionIntentsRepo {
  /** Records a subscription about to be asked for (`subscribing`, no answer yet). */
  begin(intent: NewIntent): Promise<void>;
  /** Stores the app's answer on a `subscribing` intent; false when the sweep took it meanwhile. */
  answer(id: string, answer: unknown, at: string): Promise<boolean>;
  /**
   * Deletes a `subscribing` intent (run in the transaction that stores its subscription); false
   * when it is no longer `subscribing` (the sweep took it: the commit must not happen).
   */
  settle(id: string): Promise<boolean>;
  /** One intent, or undefined. */
  get(id: string): Promise<SubscriptionIntent | undefined>;
  /** Intents due at `nowIso`, oldest first. */
  listDue(nowIso: string, limit: number): Promise<SubscriptionIntent[]>;
  /**
   * Takes an intent as read (same state and due time) for a removal: it becomes
   * `unsubscribing`, counts one more attempt and is due again at `leaseUntil`. False when
   * another process or the commit moved it first.
   */
  claim(
    read: Pick<SubscriptionIntent, 'id' | 'state' | 'nextAttemptAt'>,
    leaseUntil: string,
    at: string,
  ): Promise<boolean>;
  /** Records a failed removal and when to try again. */
  retryAt(id: string, error: string, nextAttemptAt: string, at: string): Promise<void>;
  /** Deletes an intent (done, or given up); with `state`, only while it is in that state. */
  remove(id: string, state?: IntentState): Promise<boolean>;
}

function toIntent(row: Selectable<SubscriptionIntentsTable>): SubscriptionIntent {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    workflowId: row.workflow_id,
    app: row.app,
    event: row.event,
    hookKey: row.hook_key,
    hookUrl: row.hook_url,
    unsubscribeKey: row.unsubscribe_key,
    credentialId: row.credential_id,
    answer: row.answer === null ? undefined : readJson(row.answer),
    state: row.state as IntentState,
    attempts: Number(row.attempts),
    lastError: row.last_error,
    nextAttemptAt: row.next_attempt_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Builds the repository over a database or a transaction. */
export function createSubscriptionIntentsRepo(db: Kysely<Database>): SubscriptionIntentsRepo {
  const remove = async (id: string, state?: IntentState): Promise<boolean> => {
    let query = db.deleteFrom('subscription_intents').where('id', '=', id);
    if (state) query = query.where('state', '=', state);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  };

  return {
    async begin(intent) {
      await db
        .insertInto('subscription_intents')
        .values({
          id: intent.id,
          tenant_id: intent.tenantId,
          workflow_id: intent.workflowId,
          app: intent.app,
          event: intent.event,
          hook_key: intent.hookKey,
          hook_url: intent.hookUrl,
          unsubscribe_key: intent.unsubscribeKey,
          credential_id: intent.credentialId,
          answer: null,
          state: 'subscribing',
          last_error: null,
          next_attempt_at: intent.nextAttemptAt,
          created_at: intent.createdAt,
          updated_at: intent.createdAt,
        })
        .execute();
    },
    async answer(id, answer, at) {
      const result = await db
        .updateTable('subscription_intents')
        .set({ answer: writeJson(answer ?? null), updated_at: at })
        .where('id', '=', id)
        .where('state', '=', 'subscribing')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    settle(id) {
      return remove(id, 'subscribing');
    },
    async get(id) {
      const row = await db.selectFrom('subscription_intents').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toIntent(row);
    },
    async listDue(nowIso, limit) {
      const rows = await db
        .selectFrom('subscription_intents')
        .selectAll()
        .where('next_attempt_at', '<=', nowIso)
        .orderBy('next_attempt_at')
        .limit(limit)
        .execute();
      return rows.map(toIntent);
    },
    async claim(read, leaseUntil, at) {
      const result = await db
        .updateTable('subscription_intents')
        .set((eb) => ({
          state: 'unsubscribing',
          attempts: eb('attempts', '+', 1),
          next_attempt_at: leaseUntil,
          updated_at: at,
        }))
        .where('id', '=', read.id)
        .where('state', '=', read.state)
        .where('next_attempt_at', '=', read.nextAttemptAt)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async retryAt(id, error, nextAttemptAt, at) {
      await db
        .updateTable('subscription_intents')
        .set({ last_error: error, next_attempt_at: nextAttemptAt, updated_at: at })
        .where('id', '=', id)
        .execute();
    },
    remove,
  };
}
