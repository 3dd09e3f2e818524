/**
 * Runs at scale over the real API (docs/runs-at-scale.md): the workspace-wide search by status,
 * dates, workflow, version and text in the trigger data; a bulk re-run of 100 failed runs from
 * their failed step ("all matching" a search) with its progress; a bulk cancel of waiting runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, type ApiHarness, openHarness, openTestDatabases, signUp } from '../api/harness.js';
import { createWorkflow, hookPathOf, startTarget, STEP, type Target } from '../engine/support.js';

const RUNS = 100;

describe.each(openTestDatabases())('runs at scale on $dialect', (testDb) => {
  let h: ApiHarness;
  let target: Target;
  let owner: Account;
  let other: Account;

  beforeAll(async () => {
    target = await startTarget();
    h = await openHarness(testDb, {
      allowedHosts: target.host,
      stepTimeoutMs: 2000,
      stepRetries: 0,
      webhookQueueLimit: 1000,
    });
    owner = await signUp(h, 'runs-scale');
    other = await signUp(h, 'runs-other');
  });

  afterAll(async () => {
    await h?.close();
    await target?.close();
  });

  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON.
  const search = async (query: string, token = owner.token): Promise<any> => {
    const res = await h.call('GET', `/api/executions?${query}`, { token });
    expect(res.status, res.text).toBe(200);
    return res.json;
  };

  /** Polls (bounded) until the search answers `count` runs. */
  async function untilCount(query: string, count: number) {
    for (let i = 0; i < 800; i++) {
      const page = await search(`${query}&limit=200`);
      if (page.items.length >= count) return page.items;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`never ${count} runs for ${query}`);
  }

  it('finds runs by status, workflow, dates, version and trigger text, then re-runs 100 failed ones in bulk', async () => {
    // The first 100 calls fail (500), later ones succeed.
    const wf = await createWorkflow(h, owner.token, { url: target.url(`/fail/bulk?times=${RUNS}`), name: 'Bulk' });
    const path = await hookPathOf(h, owner.token, wf);
    const start = new Date(Date.now() - 1000).toISOString();
    for (let i = 0; i < RUNS; i++) {
      const posted = await h.call('POST', path, {
        body: { amount: i, customer: i < 30 ? `Alpha Shop ${i}` : `Beta ${i}` },
      });
      expect(posted.status).toBe(200);
    }
    const failed = await untilCount(`status=failed&workflowId=${wf}`, RUNS);
    expect(failed).toHaveLength(RUNS);

    // Text in the trigger data, case-insensitive; wildcards are plain characters.
    expect((await search(`workflowId=${wf}&text=alpha%20shop&limit=200`)).items).toHaveLength(30);
    expect((await search(`workflowId=${wf}&text=%25&limit=200`)).items).toHaveLength(0);
    // Dates and version.
    expect((await search(`workflowId=${wf}&from=${encodeURIComponent(start)}&limit=200`)).items).toHaveLength(RUNS);
    expect((await search(`workflowId=${wf}&to=${encodeURIComponent(start)}`)).items).toHaveLength(0);
    const revision = failed[0].workflowRevision as number;
    expect((await search(`workflowId=${wf}&revision=${revision}&limit=200`)).items).toHaveLength(RUNS);
    expect((await search(`workflowId=${wf}&revision=${revision + 999}`)).items).toHaveLength(0);
    // Pages: 100 runs in pages of 40, each once.
    const seen = new Set<string>();
    let cursor = '';
    for (let page = 0; page < 5; page++) {
      const body = await search(`workflowId=${wf}&limit=40${cursor}`);
      for (const item of body.items) seen.add(item.id);
      if (!body.nextCursor) break;
      cursor = `&cursor=${encodeURIComponent(body.nextCursor)}`;
    }
    expect(seen.size).toBe(RUNS);
    // Another workspace sees none of them.
    expect((await search(`workflowId=${wf}`, other.token)).items).toHaveLength(0);

    const started = await h.call('POST', '/api/executions/bulk', {
      token: owner.token,
      body: { action: 'rerun', filter: { workflowId: wf, status: 'failed' }, version: 'original' },
    });
    expect(started.status, started.text).toBe(202);
    expect(started.json).toMatchObject({ action: 'rerun', total: RUNS });
    let progress = started.json;
    for (let i = 0; i < 800 && progress.status !== 'finished'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      progress = (await h.call('GET', `/api/executions/bulk/${started.json.id}`, { token: owner.token })).json;
    }
    expect(progress).toMatchObject({ status: 'finished', total: RUNS, done: RUNS, succeeded: RUNS, failed: 0 });
    expect(progress.started).toHaveLength(RUNS);

    // Each re-run starts at the failed step and now succeeds.
    const reruns = await untilCount(`status=succeeded&workflowId=${wf}`, RUNS);
    expect(new Set(reruns.map((r: { rerunOf: string }) => r.rerunOf))).toEqual(
      new Set(failed.map((r: { id: string }) => r.id)),
    );
    const one = await h.call('GET', `/api/executions/${reruns[0].id}`, { token: owner.token });
    expect(one.json.steps.find((s: { stepId: string }) => s.stepId === STEP.http).status).toBe('succeeded');

    // Another workspace cannot read the progress.
    expect((await h.call('GET', `/api/executions/bulk/${started.json.id}`, { token: other.token })).status).toBe(404);
  });

  it('cancels waiting runs in bulk and says which could not be cancelled', async () => {
    const wf = await createWorkflow(h, owner.token, { url: target.url('/ok'), delaySeconds: 3600, name: 'Waits' });
    const path = await hookPathOf(h, owner.token, wf);
    for (let i = 0; i < 3; i++) await h.call('POST', path, { body: { amount: i } });
    const waiting = await untilCount(`status=waiting&workflowId=${wf}`, 3);
    const done = await untilCount('status=succeeded', 1);
    expect((await h.call('GET', '/api/executions/stats', { token: owner.token })).json.waiting).toBe(3);
    const ids = [...waiting.map((r: { id: string }) => r.id), done[0].id];
    const started = await h.call('POST', '/api/executions/bulk', {
      token: owner.token,
      body: { action: 'cancel', executionIds: ids },
    });
    expect(started.status, started.text).toBe(202);
    let progress = started.json;
    for (let i = 0; i < 400 && progress.status !== 'finished'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      progress = (await h.call('GET', `/api/executions/bulk/${started.json.id}`, { token: owner.token })).json;
    }
    expect(progress).toMatchObject({ status: 'finished', total: 4, succeeded: 3, failed: 1 });
    expect(progress.problems[0]).toMatchObject({
      executionId: done[0].id,
      message: expect.stringContaining('succeeded'),
    });
    expect((await search(`status=cancelled&workflowId=${wf}`)).items).toHaveLength(3);
  });

  it("draws the dashboard's pictures: runs per day by status, failure rate, the workflows failing most", async () => {
    const week = await h.call('GET', '/api/executions/stats', { token: owner.token });
    expect(week.status, week.text).toBe(200);
    expect(week.json.period).toBe(7);
    expect(week.json.days).toHaveLength(7);
    const today = new Date().toISOString().slice(0, 10);
    // 100 failed runs and their 100 successful re-runs, and 3 cancelled waits.
    expect(week.json.days.at(-1)).toEqual({ day: today, succeeded: RUNS, failed: RUNS, other: 3 });
    expect(week.json.totals).toEqual({ succeeded: RUNS, failed: RUNS, other: 3 });
    expect(week.json.failureRate).toBe(0.5);
    expect(week.json.topFailing).toEqual([{ workflowId: expect.any(String), name: 'Bulk', failed: RUNS }]);
    expect(week.json.waiting).toBe(0);
    const month = await h.call('GET', '/api/executions/stats?days=30', { token: owner.token });
    expect(month.json.days).toHaveLength(30);
    // Another workspace counts only its own.
    const theirs = await h.call('GET', '/api/executions/stats', { token: other.token });
    expect(theirs.json).toMatchObject({
      totals: { succeeded: 0, failed: 0, other: 0 },
      failureRate: null,
      topFailing: [],
    });
  });
});
