import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenTestDatabase, openTestDatabases } from '../test-db.js';
import { MAX_POLL_KEYS, prunePollKeys, pruneScheduleKeys } from './trigger-events.js';

const NOW = Date.parse('2025-06-01T00:00:00Z');
const daysAgo = (days: number) => new Date(NOW - days * 86_400_000).toISOString();

describe.each(openTestDatabases())('seen key bound on $dialect', (testDb) => {
  let db: OpenTestDatabase;

  beforeAll(async () => {
    db = await testDb.open();
    await db.db
      .insertInto('tenants')
      .values({ id: 't1', name: 'T', plan: 'free', plan_status: 'active', created_at: daysAgo(90) })
      .execute();
  });
  afterAll(() => db?.close());

  const insert = (workflowId: string, keys: [string, string][]) =>
    db.db
      .insertInto('trigger_events')
      .values(
        keys.map(([key, at]) => ({
          workflow_id: workflowId,
          dedupe_key: key,
          tenant_id: 't1',
          execution_id: null,
          created_at: at,
        })),
      )
      .execute();
  const keysOf = async (workflowId: string) =>
    (
      await db.db
        .selectFrom('trigger_events')
        .select('dedupe_key')
        .where('workflow_id', '=', workflowId)
        .orderBy('dedupe_key')
        .execute()
    ).map((r) => r.dedupe_key);

  it('drops poll keys older than 30 days unless the app still lists the item, and never other workflows', async () => {
    await insert('w1', [
      ['poll:s:old-gone', daysAgo(31)],
      ['poll:s:old-listed', daysAgo(400)],
      ['poll:s:recent', daysAgo(2)],
      ['hook:abc', daysAgo(100)],
      ['schedule:2025-01-01T00:00:00.000Z', daysAgo(150)],
    ]);
    await insert('w2', [['poll:s:old-gone', daysAgo(31)]]);
    expect(await prunePollKeys(db.db, 'w1', ['poll:s:old-listed'], NOW)).toBe(1);
    expect(await keysOf('w1')).toEqual([
      'hook:abc',
      'poll:s:old-listed',
      'poll:s:recent',
      'schedule:2025-01-01T00:00:00.000Z',
    ]);
    expect(await keysOf('w2')).toEqual(['poll:s:old-gone']);

    expect(await pruneScheduleKeys(db.db, 'w1', NOW)).toBe(1);
    expect(await keysOf('w1')).toEqual(['hook:abc', 'poll:s:old-listed', 'poll:s:recent']);
  });

  it(`keeps at most ${MAX_POLL_KEYS} poll keys per workflow, the newest and the listed ones`, async () => {
    const rows: [string, string][] = [];
    for (let i = 0; i < MAX_POLL_KEYS + 3; i++) {
      rows.push([
        `poll:s:k${String(i).padStart(5, '0')}`,
        new Date(NOW - (MAX_POLL_KEYS + 3 - i) * 1000).toISOString(),
      ]);
    }
    for (let i = 0; i < rows.length; i += 500) await insert('w3', rows.slice(i, i + 500));
    // k00000 is the oldest but still listed by the app: it stays; k00001..k00003 go.
    expect(await prunePollKeys(db.db, 'w3', ['poll:s:k00000'], NOW)).toBe(3);
    const left = await keysOf('w3');
    expect(left).toHaveLength(MAX_POLL_KEYS);
    expect(left.slice(0, 2)).toEqual(['poll:s:k00000', 'poll:s:k00004']);
  });
});
