import {
  type ApiClient,
  ApiError,
  createServerState,
  createStepData,
  type ServerState,
  type WorkflowData,
} from '@junction/core';
import { autorun } from 'mobx';
import { describe, expect, it, vi } from 'vitest';
import { formatRunTime } from '../shared/run-status.js';
import { mergeExecutionPages, toExecutionQuery } from './execution-list.js';
import { COUNTDOWN_START, MANUAL_RUN_TEXTS, runManually } from './execution-manual-run.js';
import {
  type ExecutionShape,
  filterRows,
  REPLAY_TEXTS,
  replay,
  runsByStep,
  stepDialogTabs,
  stepStatus,
} from './execution-replay.js';
import { ExecutionsStoreModel } from './executions-store.js';

/** A fake client answering by "METHOD path" (the view-models' calls; the browser tests use the real server). */
function fakeApi(routes: Record<string, (init: unknown) => unknown>): {
  api: ApiClient;
  server: ServerState;
  calls: string[];
} {
  const calls: string[] = [];
  const handle = (method: string) => async (path: string, init?: unknown) => {
    const key = `${method} ${path}`;
    calls.push(key);
    const route = routes[key];
    if (!route) throw new Error(`no route ${key}`);
    return route(init);
  };
  const api = { get: handle('GET'), post: handle('POST') } as unknown as ApiClient;
  return { api, server: createServerState(api, instantClock), calls };
}

/** The layer's timers fire at once (a poll's wait between reads is ticked, never waited for). */
const instantClock = {
  setTimeout: (fn: () => void) => {
    void Promise.resolve().then(fn);
    return 0;
  },
  clearTimeout: () => {},
};

const problem = (status: number, detail: string) =>
  new ApiError({ type: 'about:blank', code: 'state.conflict', title: 'Conflict', status, detail });

const document: WorkflowData = {
  id: 'wf',
  name: 'Flow',
  active: true,
  steps: [
    { id: 't', kind: 'trigger', position: { x: 0, y: 0 }, data: createStepData({ name: 'Catch Hook' }) },
    { id: 'a', kind: 'action', position: { x: 0, y: 200 }, data: createStepData({ name: 'Create contact' }) },
  ],
  links: [
    {
      id: 'l',
      source: 't',
      target: 'a',
      name: 'Filter: amount',
      groups: [
        [{ lhs: '${t.amount}', conditionType: 'greaterThan', rhs: '10' }],
        [{ lhs: '${t.vip}', conditionType: 'isTrue', rhs: '' }],
      ],
      delaySeconds: 0,
    },
  ],
};

const execution = (patch: Partial<ExecutionShape> = {}): ExecutionShape => ({
  id: 'ex',
  workflowId: 'wf',
  workflowRevision: 1,
  workflowName: 'Flow',
  status: 'succeeded',
  trigger: 'webhook',
  startedAt: '2026-11-24T18:05:09.000Z',
  finishedAt: null,
  triggerData: { amount: 12 },
  document,
  steps: [{ stepId: 'a', status: 'succeeded', input: { email: 'x' }, output: { id: 1 } }],
  ...patch,
});

describe('replay viewer rules (onboarding 2, 4, 8, 9)', () => {
  it('formats the run time in US English with a 12-hour clock', () => {
    expect(formatRunTime('2026-11-24T18:05:09Z', 'UTC')).toBe('11/24/2026, 6:05:09 PM');
    expect(formatRunTime('2026-01-02T00:00:00Z', 'UTC')).toBe('1/2/2026, 12:00:00 AM');
    expect(formatRunTime('not a date')).toBe('not a date');
  });

  it('shows a trigger only its output, an action input and output, a filter step its fields', () => {
    expect(stepDialogTabs({ kind: 'trigger' })).toEqual(['output']);
    expect(stepDialogTabs({ kind: 'action' })).toEqual(['input', 'output']);
    expect(stepDialogTabs({ kind: 'filter' })).toEqual(['fields']);
  });

  it("takes the trigger's output from the execution's trigger data; unrecorded steps did not run", () => {
    const runs = runsByStep(execution());
    expect(runs.get('t')).toEqual({ stepId: 't', status: 'succeeded', input: null, output: { amount: 12 } });
    expect(stepStatus(execution({ steps: [] }), 'a')).toBe('not_run');
  });

  it('lists a filter as its condition rows, the first group AND-ed and the others OR groups', () => {
    expect(filterRows(document.links[0])).toEqual([
      { key: '0.0', group: 0, field: '${t.amount}', condition: '(Number) Greater than', value: '10' },
      { key: '1.0', group: 1, field: '${t.vip}', condition: '(Boolean) Is true', value: '' },
    ]);
  });

  it("answers 'Workflow replay succeeded' when the new run succeeds, 'Replay failed: …' otherwise", async () => {
    let status = 'running';
    const { server } = fakeApi({
      'POST /api/executions/{executionId}/replay': () => ({ executionId: 'ex2' }),
      'GET /api/executions/{executionId}': () => {
        const answer = execution({ id: 'ex2', status });
        status = 'succeeded';
        return answer;
      },
    });
    expect(await replay(server, 'ex')).toEqual({
      executionId: 'ex2',
      status: 'success',
      message: REPLAY_TEXTS.replaySucceeded,
    });

    const failing = fakeApi({
      'POST /api/executions/{executionId}/replay': () => ({ executionId: 'ex3' }),
      'GET /api/executions/{executionId}': () => execution({ status: 'failed', error: 'Create contact: 422 email' }),
    });
    expect((await replay(failing.server, 'ex')).message).toBe('Replay failed: Create contact: 422 email');

    const refused = fakeApi({
      'POST /api/executions/{executionId}/replay': () => {
        throw problem(404, 'Execution not found.');
      },
    });
    expect(await replay(refused.server, 'ex')).toEqual({
      executionId: null,
      status: 'error',
      message: 'Replay failed: Execution not found.',
    });
  });
});

describe('manual run (onboarding 4, 8, 9)', () => {
  it("says 'Workflow must be ACTIVE' without calling the server when OFF", async () => {
    const { server, calls } = fakeApi({});
    expect(await runManually(server, { id: 'wf', active: false })).toMatchObject({
      status: 'warning',
      message: MANUAL_RUN_TEXTS.mustBeActive,
    });
    expect(calls).toEqual([]);
  });

  it("counts down from 7 while it follows the run, then says 'Manual run complete'", async () => {
    // Six checks 250 ms apart: the countdown has moved from 7 to 6 when it succeeds.
    const statuses = ['queued', 'running', 'running', 'running', 'running', 'succeeded'];
    const { server } = fakeApi({
      'POST /api/workflows/{id}/runs': () => ({ executionId: 'ex' }),
      'GET /api/executions/{executionId}': () => execution({ status: statuses.shift() ?? 'succeeded' }),
    });
    const ticks: number[] = [];
    const outcome = await runManually(server, { id: 'wf', active: true }, { onTick: (n) => ticks.push(n) });
    expect(COUNTDOWN_START).toBe(7);
    expect(ticks).toEqual([7, 6]);
    expect(outcome).toEqual({ status: 'success', message: 'Manual run complete', executionId: 'ex' });
  });

  it("shows the server's message when the run is refused or fails", async () => {
    const refused = fakeApi({
      'POST /api/workflows/{id}/runs': () => {
        throw problem(409, 'Workflow must be ACTIVE');
      },
    });
    expect((await runManually(refused.server, { id: 'wf', active: true })).message).toBe('Workflow must be ACTIVE');
    const failed = fakeApi({
      'POST /api/workflows/{id}/runs': () => ({ executionId: 'ex' }),
      'GET /api/executions/{executionId}': () => execution({ status: 'failed', error: 'Create contact: timed out' }),
    });
    expect(await runManually(failed.server, { id: 'wf', active: true })).toMatchObject({
      status: 'error',
      message: 'Create contact: timed out',
    });
  });

  it('stops counting at zero and says the run is still going', async () => {
    const { server } = fakeApi({
      'POST /api/workflows/{id}/runs': () => ({ executionId: 'ex' }),
      'GET /api/executions/{executionId}': () => execution({ status: 'waiting' }),
    });
    const ticks: number[] = [];
    const outcome = await runManually(server, { id: 'wf', active: true }, { onTick: (n) => ticks.push(n) });
    expect(ticks).toEqual([7, 6, 5, 4, 3, 2, 1]);
    expect(outcome.message).toBe(MANUAL_RUN_TEXTS.stillRunning);
  });
});

describe('executions list filters', () => {
  it('passes a known status and the start of the chosen day; ignores the rest', () => {
    expect(toExecutionQuery({ status: 'failed', since: '' })).toEqual({ status: 'failed', limit: 25 });
    expect(toExecutionQuery({ status: 'bogus', since: 'yesterday' }, 'c1')).toEqual({ limit: 25, cursor: 'c1' });
    const since = toExecutionQuery({ status: '', since: '2026-11-24' }).since ?? '';
    expect(new Date(since).getDate()).toBe(24);
    expect(new Date(since).getHours()).toBe(0);
  });
});

describe('the newest runs (a polled resource of the server-state layer)', () => {
  it('loads while observed, asks again when a manual run starts and when it ends, and merges older pages without repeats', async () => {
    let listed = 0;
    const { api } = fakeApi({
      'GET /api/workflows/{id}/executions': () => {
        listed += 1;
        return {
          items: [{ id: `e${listed}`, status: 'succeeded', trigger: 'manual', startedAt: '' }],
          nextCursor: 'c',
        };
      },
      'POST /api/workflows/{id}/runs': () => ({ executionId: 'e9' }),
      'GET /api/executions/{executionId}': () => ({ id: 'e9', status: 'succeeded' }),
    });
    const store = ExecutionsStoreModel.create({}, { api });
    const runs = store.newestRuns('wf', { status: '', since: '' });
    const stop = autorun(() => runs.data);
    await vi.waitFor(() => expect(runs.data?.items[0].id).toBe('e1'));

    await store.runManually({ id: 'wf', active: true }, () => {});
    // Read again after the start (the run is listed) and after the end (its end is shown).
    await vi.waitFor(() => expect(runs.data?.items[0].id).toBe('e3'));
    stop();

    expect(
      mergeExecutionPages(runs.data?.items ?? [], [{ id: 'e3' } as never, { id: 'e0' } as never]).map((r) => r.id),
    ).toEqual(['e3', 'e0']);
  });
});
