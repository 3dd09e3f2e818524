/**
 * Both workflow lists (GET /api/workflows and GET /api/dashboard/workflows) a page at a time:
 * newest first, every workflow once through the cursors, the counts, the search on the server
 * (name or an app's label), the apps and accounts from the columns written with the document
 * (and summarised again when another path wrote the document), the home's "latest runs" order,
 * and another workspace's workflows never shown.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/src/store/database.js';
import { type Account, type ApiHarness, openHarness, openTestDatabases, signUp } from '../api/harness.js';
import { createWorkflow, hookPathOf, startTarget, type Target, waitForExecution } from '../engine/support.js';

describe.each(openTestDatabases())('workflow lists in pages on $dialect', (testDb) => {
  let h: ApiHarness;
  let target: Target;
  let owner: Account;
  let other: Account;
  const created: string[] = [];

  beforeAll(async () => {
    target = await startTarget();
    h = await openHarness(testDb, { allowedHosts: target.host });
    owner = await signUp(h, 'pages');
    other = await signUp(h, 'pages-other');
    // The sign-up's starter workflow, then 6 empty ones and 2 with a webhook and an HTTP step.
    // Creation times are kept to the millisecond: two made in the same one have no order
    // between them, so each waits for the clock to move.
    const nextMillisecond = () => new Promise((resolve) => setTimeout(resolve, 2));
    for (let i = 0; i < 6; i++) {
      await nextMillisecond();
      const res = await h.call('POST', '/api/workflows', { token: owner.token, body: { name: `Flow ${i}` } });
      expect(res.status, res.text).toBe(201);
      created.push(res.json.id);
    }
    await nextMillisecond();
    created.push(await createWorkflow(h, owner.token, { url: target.url('/ok'), name: 'Hook A' }));
    await nextMillisecond();
    created.push(await createWorkflow(h, owner.token, { url: target.url('/ok'), name: 'Hook B', active: false }));
  });

  afterAll(async () => {
    await h?.close();
    await target?.close();
  });

  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON.
  const get = async (url: string, token = owner.token): Promise<any> => {
    const res = await h.call('GET', url, { token });
    expect(res.status, res.text).toBe(200);
    return res.json;
  };

  /** Every page of a list, by its cursors (bounded). */
  async function allPages(path: string, query: string) {
    const pages = [];
    let cursor = '';
    for (let n = 0; n < 20; n++) {
      const page = await get(`${path}?${query}${cursor}`);
      pages.push(page);
      if (!page.nextCursor) break;
      cursor = `&cursor=${encodeURIComponent(page.nextCursor)}`;
    }
    return pages;
  }

  it.each(['/api/workflows', '/api/dashboard/workflows'])(
    '%s: pages newest first, each workflow once, with the total',
    async (path) => {
      const pages = await allPages(path, 'limit=3');
      const ids = pages.flatMap((page) => page.items.map((w: { id: string }) => w.id));
      const total = created.length + 1;
      expect(pages.map((page) => page.items.length)).toEqual([3, 3, 3]);
      expect(pages.every((page) => page.total === total)).toBe(true);
      expect(new Set(ids).size).toBe(total);
      // Newest first: the last created is first, the sign-up's starter last.
      expect(ids.slice(0, created.length)).toEqual([...created].reverse());
      expect(ids.at(-1)).toBe(owner.workflowId);
      // Without a limit: the default page holds them all here, without a cursor.
      const whole = await get(path);
      expect(whole.items).toHaveLength(total);
      expect(whole.nextCursor).toBeUndefined();
      // Another workspace sees only its own starter.
      expect((await get(path, other.token)).items.map((w: { id: string }) => w.id)).toEqual([other.workflowId]);
      // A cursor that is not one is refused, naming it.
      const bad = await h.call('GET', `${path}?cursor=nonsense`, { token: owner.token });
      expect(bad.status).toBe(400);
    },
  );

  it('searches names and app labels on the server, case-insensitive, wildcards taken as text', async () => {
    const byName = await get('/api/dashboard/workflows?q=FLOW%203');
    expect(byName.items.map((w: { name: string }) => w.name)).toEqual(['Flow 3']);
    expect(byName.total).toBe(1);
    const byApp = await get('/api/dashboard/workflows?q=http%20request');
    expect(byApp.items.map((w: { name: string }) => w.name).sort()).toEqual(['Hook A', 'Hook B']);
    expect(byApp.activeTotal).toBe(1);
    expect((await get('/api/workflows?q=%25')).items).toHaveLength(0);
    expect((await get('/api/workflows?q=_')).items).toHaveLength(0);
  });

  it("shows each row's apps from the stored columns, and summarises again a document written elsewhere", async () => {
    const hookA = created.at(-2) as string;
    const row = (await get('/api/dashboard/workflows?q=hook%20a')).items[0];
    expect(row.apps.map((a: { label: string }) => a.label)).toEqual(['Webhook', 'HTTP request']);
    // A document written by another path (as a publish does) leaves the columns behind its revision.
    const db = h.db.db as Kysely<Database>;
    const stored = await db
      .selectFrom('workflows')
      .select(['document', 'revision'])
      .where('id', '=', hookA)
      .executeTakeFirstOrThrow();
    const document = JSON.parse(
      typeof stored.document === 'string' ? stored.document : JSON.stringify(stored.document),
    );
    document.steps = document.steps.slice(0, 1);
    await db
      .updateTable('workflows')
      .set({ document: JSON.stringify(document), revision: Number(stored.revision) + 1 })
      .where('id', '=', hookA)
      .execute();
    const again = (await get('/api/dashboard/workflows?q=hook%20a')).items[0];
    expect(again.apps.map((a: { label: string }) => a.label)).toEqual(['Webhook']);
    const columns = await db
      .selectFrom('workflows')
      .select(['step_apps_revision', 'revision'])
      .where('id', '=', hookA)
      .executeTakeFirstOrThrow();
    expect(Number(columns.step_apps_revision)).toBe(Number(columns.revision));
  });

  it("answers the workflows of the newest runs for the home, with the workspace's counts", async () => {
    const hookB = created.at(-1) as string;
    // An OFF workflow's webhook is recorded as not_run: its latest run.
    const posted = await h.call('POST', await hookPathOf(h, owner.token, hookB), { body: { n: 1 } });
    expect(posted.status).toBe(200);
    for (let i = 0; i < 200; i++) {
      const recent = await get('/api/dashboard/workflows?order=lastRun');
      if (recent.items.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const recent = await get('/api/dashboard/workflows?order=lastRun');
    expect(recent.items.map((w: { id: string }) => w.id)).toEqual([hookB]);
    expect(recent.items[0].lastRun).toMatchObject({ status: 'not_run' });
    if (recent.items[0].lastRun.id) await waitForExecution(h, owner.token, recent.items[0].lastRun.id);
    expect(recent).toMatchObject({ total: created.length + 1, activeTotal: 1 });
    expect((await get('/api/dashboard/workflows?order=lastRun', other.token)).items).toEqual([]);
  });
});
