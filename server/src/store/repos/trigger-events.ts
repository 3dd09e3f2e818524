/**
 * The bound on stored seen keys. Seen keys are the engine's `trigger_events`
 * rows (`poll:{stepId}:{key}`, `schedule:{tick}`), written by `ingest` with the executions.
 * Without a bound they grow with every polled item and every tick. At most once a day per
 * workflow, after a successful poll or tick:
 * - poll keys first seen more than {@link POLL_KEY_DAYS} days ago are deleted, except the keys
 *   of the items the app still lists (so an old item still in the list never fires again);
 * - beyond {@link MAX_POLL_KEYS} poll keys per workflow, the oldest are deleted, with the
 *   same exception;
 * - schedule keys older than {@link SCHEDULE_KEY_DAYS} days are deleted (a tick never recurs).
 * An item deleted by the bound fires again only if the app lists it again after it had
 * dropped out of the list for 30 days, or behind more than 10,000 newer items.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../database.js';

/** Days a poll key is kept once the app no longer lists its item. */
export const POLL_KEY_DAYS = 30;
/** Poll keys kept per workflow at most (besides the keys of the items the app still lists). */
export const MAX_POLL_KEYS = 10_000;
/** Days a schedule tick's key is kept. */
export const SCHEDULE_KEY_DAYS = 7;
/** How often a workflow's keys are pruned. */
export const PRUNE_EVERY_MS = 86_400_000;
/** Largest list whose keys are spared one by one (a longer one skips the prune). */
const MAX_SPARED = 5_000;

const DAY_MS = 86_400_000;

// Prefixes without LIKE wildcards ('_', '%'); a LIKE prefix match does not depend on the collation.
const POLL_KEYS = 'poll:%';
const SCHEDULE_KEYS = 'schedule:%';

/**
 * Prunes a workflow's poll keys, sparing `listed` (the keys of the items the app answers now,
 * already prefixed `poll:{stepId}:`). Answers how many were deleted.
 */
export async function prunePollKeys(
  db: Kysely<Database>,
  workflowId: string,
  listed: readonly string[],
  now: number,
): Promise<number> {
  if (listed.length > MAX_SPARED) return 0;
  const cutoff = new Date(now - POLL_KEY_DAYS * DAY_MS).toISOString();
  const base = () =>
    db
      .deleteFrom('trigger_events')
      .where('workflow_id', '=', workflowId)
      .where('dedupe_key', 'like', POLL_KEYS)
      .$if(listed.length > 0, (q) => q.where('dedupe_key', 'not in', [...listed]));
  const old = await base().where('created_at', '<', cutoff).executeTakeFirst();
  let deleted = Number(old.numDeletedRows);

  const counted = await db
    .selectFrom('trigger_events')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('workflow_id', '=', workflowId)
    .where('dedupe_key', 'like', POLL_KEYS)
    .executeTakeFirst();
  const excess = Number(counted?.n ?? 0) - MAX_POLL_KEYS;
  if (excess > 0) {
    const oldest = await db
      .selectFrom('trigger_events')
      .select('dedupe_key')
      .where('workflow_id', '=', workflowId)
      .where('dedupe_key', 'like', POLL_KEYS)
      .$if(listed.length > 0, (q) => q.where('dedupe_key', 'not in', [...listed]))
      .orderBy('created_at')
      .orderBy('dedupe_key')
      .limit(excess)
      .execute();
    for (let i = 0; i < oldest.length; i += 500) {
      const keys = oldest.slice(i, i + 500).map((row) => row.dedupe_key);
      const result = await base().where('dedupe_key', 'in', keys).executeTakeFirst();
      deleted += Number(result.numDeletedRows);
    }
  }
  return deleted;
}

/** Prunes a workflow's schedule tick keys older than {@link SCHEDULE_KEY_DAYS} days. */
export async function pruneScheduleKeys(db: Kysely<Database>, workflowId: string, now: number): Promise<number> {
  const result = await db
    .deleteFrom('trigger_events')
    .where('workflow_id', '=', workflowId)
    .where('dedupe_key', 'like', SCHEDULE_KEYS)
    .where('created_at', '<', new Date(now - SCHEDULE_KEY_DAYS * DAY_MS).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
