/**
 * The core benchmark runner: `npm run bench -w @junction/core` (node --expose-gc --import tsx
 * bench/run.ts). Runs every core benchmark and prints one markdown table:
 * benchmark | ours | baseline | target.
 */
import { benchDocument } from './document.js';
import type { BenchRow } from './types.js';

type Bench = () => BenchRow[] | Promise<BenchRow[]>;

/** True when a dynamic import failed because that very module does not exist yet. */
function isMissing(err: unknown, name: string): boolean {
  const e = err as { code?: string; message?: string } | null;
  return e?.code === 'ERR_MODULE_NOT_FOUND' && (e.message ?? '').includes(name);
}

/** Loads an optional benchmark written elsewhere; a missing module is skipped, a broken one is not. */
async function loadOptional(load: () => Promise<Bench>, name: string): Promise<Bench | null> {
  try {
    return await load();
  } catch (err) {
    if (isMissing(err, name)) {
      process.stderr.write(`bench: ${name} not found; skipped\n`);
      return null;
    }
    throw err;
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** A 1,000-step chain with references between steps, for findIssues. */
async function benchFindIssues(): Promise<BenchRow[]> {
  const { findIssues } = await import('../src/workflow/issues.js');
  const { createStepData } = await import('../src/workflow/types.js');
  const size = 1000;
  const wf = {
    id: 'bench',
    name: 'Bench',
    active: false,
    steps: Array.from({ length: size }, (_, i) => ({
      id: `s${i}`,
      kind: i === 0 ? ('trigger' as const) : ('action' as const),
      position: { x: 220, y: 40 + 200 * i },
      data: createStepData({
        name: `Update a record ${i}`,
        type: 'demo-crm',
        action: 'updateContact',
        hasauth: true,
        // Every tenth step misses its credential or test data, so issues are found, not only checked.
        credential: i % 10 === 3 ? null : 'cred-1',
        testData: i % 10 === 7 ? null : { id: `c${i}`, email: `p${i}@example.com` },
        fields: [
          {
            name: 'id',
            in: 'path',
            required: true,
            value: i > 0 ? `\${s${i - 1}.id}` : '',
            schema: { type: 'string' },
          },
          { name: 'note', in: 'formData', value: `\${s0.email} ${i}`, schema: { type: 'string' } },
        ],
      }),
    })),
    links: Array.from({ length: size - 1 }, (_, i) => ({
      id: `l${i}`,
      source: `s${i}`,
      target: `s${i + 1}`,
      name: '',
      groups: [],
      delaySeconds: 0,
    })),
  };
  const time = (work: () => unknown) => {
    for (let i = 0; i < 10; i++) work();
    const samples: number[] = [];
    for (let i = 0; i < 50; i++) {
      const start = performance.now();
      work();
      samples.push(performance.now() - start);
    }
    return Math.round(median(samples) * 100) / 100;
  };
  return [
    {
      benchmark: 'find issues, 1,000 steps',
      subject: 'findIssues',
      value: time(() => findIssues(wf)),
      baseline: 'JSON.parse(JSON.stringify) of the workflow',
      baselineValue: time(() => JSON.parse(JSON.stringify(wf))),
      unit: 'ms',
      target: '< 5 ms',
    },
  ];
}

function format(n: number): string {
  return n >= 100 ? Math.round(n).toLocaleString('en-US') : String(n);
}

/** Runs every benchmark and prints the markdown table. */
async function main(): Promise<void> {
  if (typeof (globalThis as { gc?: unknown }).gc !== 'function') {
    process.stderr.write('bench: run node with --expose-gc (npm run bench -w @junction/core does)\n');
    process.exit(2);
  }
  const benches: Bench[] = [benchDocument];
  const graph = await loadOptional(async () => (await import('./graph.js')).benchGraph, 'graph');
  if (graph) benches.unshift(graph);
  const issues = await loadOptional(async () => {
    await import('../src/workflow/issues.js');
    return benchFindIssues;
  }, 'issues');
  if (issues) benches.push(issues);
  const rows: BenchRow[] = [];
  for (const bench of benches) rows.push(...(await bench()));
  const lines = ['| benchmark | ours | baseline | target |', '|---|---|---|---|'];
  for (const r of rows) {
    lines.push(
      `| ${r.benchmark} | ${format(r.value)} ${r.unit} (${r.subject}) | ${format(r.baselineValue)} ${r.unit} (${r.baseline}) | ${r.target} |`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main();
