/**
 * Benchmarks of graph edits with undo history (editor-core 4.3, 4.4): the speed of one
 * delete-with-bridge on a 1,000-step workflow, and the heap that 1,000 recorded edits add on a
 * 500-step workflow, each against a naive deep-copy baseline. Run node with --expose-gc.
 */
import { deleteStep, duplicateStep, moveStep, renameStep } from '../src/workflow/graph.js';
import { createWorkflowModel, type IWorkflow } from '../src/workflow/model.js';
import { createStepData, type WorkflowData } from '../src/workflow/types.js';
import type { BenchRow } from './types.js';

/** Timed runs per measurement (the brief asks for a median of at least 50). */
const RUNS = 60;
/** Untimed runs first, so the JIT has compiled the hot paths. */
const WARMUP = 15;
const EDITS = 1000;

// Node-only globals, read without importing Node built-ins (core's rule) or Node typings.
const host = globalThis as unknown as {
  gc?: () => void;
  process?: { memoryUsage(): { heapUsed: number } };
  performance: { now(): number };
};
const now = () => host.performance.now();

/**
 * Runs the graph benchmarks and returns one row per measurement.
 *
 * @example
 * // node --expose-gc --import tsx core/bench/run.ts
 * const rows = await benchGraph();
 */
export async function benchGraph(): Promise<BenchRow[]> {
  return [benchDelete(), benchHistoryHeap()];
}

/** A realistic chain: trigger then actions, each with a few fields and a small test sample. */
export function createBenchWorkflow(size: number): WorkflowData {
  const steps = Array.from({ length: size }, (_, i) => ({
    id: `s${i}`,
    kind: i === 0 ? ('trigger' as const) : ('action' as const),
    position: { x: 220, y: 40 + 200 * i },
    data: createStepData({
      name: `Create contact ${i}`,
      type: 'demo-crm',
      label: 'Demo CRM',
      action: 'createContact',
      actionlabel: 'Create contact',
      credential: 'cred-1',
      hasauth: true,
      fields: [
        { name: 'email', in: 'formData', required: true, value: `\${s0.email}`, schema: { type: 'string' } },
        { name: 'tags', in: 'formData', value: ['lead', 'web'], schema: { type: 'array', items: { type: 'string' } } },
      ],
      testData: { id: `c${i}`, email: `person${i}@example.com`, tags: ['lead'], createdAt: '2024-01-01T00:00:00Z' },
      actionTestTime: 1_700_000_000_000,
    }),
  }));
  const links = steps.slice(1).map((s, i) => ({
    id: `l${i}`,
    source: `s${i}`,
    target: s.id,
    name: '',
    groups: [],
    delaySeconds: 0,
  }));
  return { id: 'bench', name: 'Bench workflow', active: false, steps, links };
}

function counterEnv() {
  let n = 0;
  return { newId: () => `n${n++}`, now: () => 0 };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const deepCopy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Median time of one delete-with-bridge plus its history entry on 1,000 steps. */
function benchDelete(): BenchRow {
  const model = createWorkflowModel(createBenchWorkflow(1000), counterEnv());
  const ours: number[] = [];
  for (let run = 0; run < WARMUP + RUNS; run++) {
    // A middle step: its removal shifts half the array, the expensive case for MST.
    const id = `s${500 + (run % 400)}`;
    const started = now();
    model.deleteStep(id);
    const elapsed = now() - started;
    if (run >= WARMUP) ours.push(elapsed);
    model.undo(); // untimed: keeps the workflow at 1,000 steps
  }

  const env = counterEnv();
  let plain = createBenchWorkflow(1000);
  const snapshots: WorkflowData[] = [];
  const naive: number[] = [];
  for (let run = 0; run < WARMUP + RUNS; run++) {
    const id = `s${500 + (run % 400)}`;
    const original = plain;
    const started = now();
    snapshots.push(deepCopy(plain));
    plain = deleteStep(deepCopy(plain), id, env);
    const elapsed = now() - started;
    if (run >= WARMUP) naive.push(elapsed);
    plain = original; // untimed undo
    snapshots.pop();
  }

  return {
    benchmark: 'delete step with bridge + history entry, 1,000-step workflow (median of 60)',
    subject: 'WorkflowModel.deleteStep (graph.ts + id-keyed history)',
    value: round(median(ours), 3),
    baseline: 'JSON deep copy of the workflow per edit + snapshot-copy history',
    baselineValue: round(median(naive), 3),
    unit: 'ms',
    target: '< 2 ms',
  };
}

/** One of four recorded edits, in rotation, so the workflow stays near its size. */
function editAt(i: number, wf: WorkflowData, env: { newId: () => string }): WorkflowData {
  const step = wf.steps[1 + (i % (wf.steps.length - 1))].id;
  switch (i % 4) {
    case 0:
      return renameStep(wf, step, `Renamed ${i}`);
    case 1:
      return moveStep(wf, step, { linkId: linkAwayFrom(wf.links, step, i * 7) }, env);
    case 2:
      return duplicateStep(wf, step, [`copy${i}`, env.newId()]);
    default:
      return deleteStep(wf, `copy${i - 1}`, env);
  }
}

/** A link not touching `stepId`, found from `from` on: moving onto its own link would be a no-op. */
function linkAwayFrom(
  links: readonly { id: string; source: string; target: string }[],
  stepId: string,
  from: number,
): string {
  for (let k = 0; k < links.length; k++) {
    const link = links[(from + k) % links.length];
    if (link.source !== stepId && link.target !== stepId) return link.id;
  }
  throw new Error('no link to move onto');
}

function runModelEdit(i: number, model: IWorkflow): void {
  const step = model.steps[1 + (i % (model.steps.length - 1))].id;
  switch (i % 4) {
    case 0:
      model.renameStep(step, `Renamed ${i}`);
      return;
    case 1:
      model.moveStep(step, { linkId: linkAwayFrom(model.links, step, i * 7) });
      return;
    case 2:
      model.duplicateStep(step);
      return;
    default:
      model.deleteStep(model.steps[model.steps.length - 1].id);
  }
}

/** Heap retained after 1,000 recorded edits on 500 steps (model + history), in MB. */
function benchHistoryHeap(): BenchRow {
  const { gc, process } = host;
  if (!gc || !process) throw new Error('benchGraph measures heap: run node with --expose-gc.');

  let model: IWorkflow | null = createWorkflowModel(createBenchWorkflow(500), counterEnv());
  gc();
  const modelBefore = process.memoryUsage().heapUsed;
  for (let i = 0; i < EDITS; i++) runModelEdit(i, model);
  gc();
  const ours = process.memoryUsage().heapUsed - modelBefore;
  if (model.history.past.length !== EDITS)
    throw new Error(`expected ${EDITS} history entries, got ${model.history.past.length}`);
  model = null;

  const env = counterEnv();
  let plain: WorkflowData | null = createBenchWorkflow(500);
  let snapshots: WorkflowData[] | null = [];
  gc();
  const naiveBefore = process.memoryUsage().heapUsed;
  for (let i = 0; i < EDITS; i++) {
    snapshots.push(deepCopy(plain));
    plain = editAt(i, plain, env);
  }
  gc();
  const naive = process.memoryUsage().heapUsed - naiveBefore;
  if (snapshots.length !== EDITS) throw new Error('baseline history incomplete');
  snapshots = null;
  plain = null;
  gc();

  return {
    benchmark: 'heap added by 1,000 recorded edits, 500-step workflow',
    subject: 'WorkflowModel + WorkflowHistory (id-keyed changes of shared snapshots)',
    value: round(ours / 1e6, 1),
    baseline: 'deep-copy history (JSON copy of the workflow per edit)',
    baselineValue: round(naive / 1e6, 1),
    unit: 'MB',
    target: '< 50 MB',
  };
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
