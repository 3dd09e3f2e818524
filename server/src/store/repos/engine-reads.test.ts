/**
 * The runs list pages by keyset (creation time, then id): paging through a history where runs
 * share one creation time, with and without a status filter and with `since`, returns every
 * run once, newest first (the indexed range of migration 0020 and the bounded cursor must not
 * lose or repeat a run at a page's edge).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices, type ServicesWithLifecycle } from '../../compose.js';
import { type OpenTestDatabase, openTestDatabases } from '../test-db.js';
import { createEngineReads } from './engine-reads.js';
import type { ListFilter } from './engine-rows.js';

describe.each(openTestDatabases())('runs list paging on $dialect', (testDb) => {
  let opened: OpenTestDatabase;
  let services: ServicesWithLifecycle;
  let tenantId: string;
  let workflowId: string;
  /** Every inserted run, newest first by (created_at, id). */
  const all: { id: string; created_at: string; status: string }[] = [];

  beforeAll(async () => {
    opened = await testDb.open({ runWorkers: false });
    services = createServices(opened.config, { db: opened });
    await services.ready;
    const grant = await services.accounts.signUp({
      email: `paging-${Date.now()}@example.com`,
      password: 'Plenty-of-letters-42',
      firstName: 'Ada',
    });
    tenantId = grant.tenant.id;
    workflowId = grant.workflowId;
    // 37 runs over 9 instants, so most pages end inside a group sharing one creation time.
    for (let i = 0; i < 37; i++) {
      const created = new Date(Date.UTC(2026, 0, 1, 0, 0, Math.floor(i / 4))).toISOString();
      const row = {
        id: `run-${String((i * 7) % 37).padStart(2, '0')}`,
        created_at: created,
        status: i % 3 === 0 ? 'failed' : 'succeeded',
      };
      all.push(row);
      await opened.db
        .insertInto('executions')
        .values({
          ...row,
          tenant_id: tenantId,
          workflow_id: workflowId,
          workflow_revision: 1,
          trigger: 'webhook',
          attempt: 0,
          updated_at: created,
        } as never)
        .execute();
    }
    all.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));
  });
  afterAll(async () => {
    await services.close();
    await opened.close();
  });

  async function pageThrough(filter: Omit<ListFilter, 'limit' | 'before'>, limit: number): Promise<string[]> {
    const reads = createEngineReads(opened.db);
    const seen: string[] = [];
    let before: ListFilter['before'];
    for (let page = 0; page < 50; page++) {
      const rows = await reads.list(tenantId, workflowId, { ...filter, limit, before });
      seen.push(...rows.map((r) => r.id));
      if (rows.length < limit) break;
      const last = rows[rows.length - 1];
      before = { createdAt: last.createdAt, id: last.id };
    }
    return seen;
  }

  it.each([1, 3, 5])('every run once, newest first, in pages of %i', async (limit) => {
    expect(await pageThrough({}, limit)).toEqual(all.map((r) => r.id));
  });

  it('by status, every run of that status once, newest first', async () => {
    const failed = all.filter((r) => r.status === 'failed').map((r) => r.id);
    expect(failed.length).toBeGreaterThan(5);
    expect(await pageThrough({ status: 'failed' }, 2)).toEqual(failed);
  });

  it('since a time, only the later runs, newest first', async () => {
    const since = all[20].created_at;
    const later = all.filter((r) => r.created_at > since);
    expect(await pageThrough({ since, status: 'succeeded' }, 2)).toEqual(
      later.filter((r) => r.status === 'succeeded').map((r) => r.id),
    );
  });
});
