/**
 * Benchmark of `junction validate` and `junction migrate` on a large document store: 5,000
 * legacy documents (the fixture shapes of test/fixtures/legacy, one in 50 the 100-step one,
 * one in 100 broken) in nested folders. Each CLI given runs as its own process pinned to one
 * core (`taskset -c 0` when present); the table shows wall time and the process's CPU time
 * (user + system, read at exit through a preloaded module), the median of `--runs` runs.
 *
 * Usage:
 *   npm run bench:cli                                   # the built scripts/dist/cli.js
 *   npm run bench:cli -- --before /tmp/old/scripts/dist/cli.js --runs 3 --docs 5000
 *
 * `--before` names another built CLI (e.g. from a worktree of an older commit) measured in the
 * same run, for a before/after table.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixtures = path.join(root, 'test/fixtures/legacy');
const TYPICAL = [
  'delay.json',
  'execution-nodes-only.json',
  'filter-or-groups.json',
  'messy-types.json',
  'onboarding-elements.json',
  'polling-choices.json',
  'tiny.json',
  'webhook-trigger.json',
];

const { values } = parseArgs({
  options: {
    before: { type: 'string' },
    after: { type: 'string', default: path.join(root, 'scripts/dist/cli.js') },
    docs: { type: 'string', default: '5000' },
    runs: { type: 'string', default: '3' },
  },
});
const docCount = Number(values.docs);
const runs = Number(values.runs);

/** Writes the document store: 50 folders of documents, each with a fresh id. */
function makeStore(dir: string): void {
  const typical = TYPICAL.map(
    (f) => JSON.parse(readFileSync(path.join(fixtures, f), 'utf8')) as Record<string, unknown>,
  );
  const large = JSON.parse(readFileSync(path.join(fixtures, 'large-100-steps.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  const broken = readFileSync(path.join(fixtures, 'broken-dangling-edge.json'), 'utf8');
  for (let i = 0; i < docCount; i++) {
    const folder = path.join(dir, `team-${String(i % 50).padStart(2, '0')}`);
    if (i < 50) mkdirSync(folder, { recursive: true });
    const file = path.join(folder, `workflow-${String(i).padStart(5, '0')}.json`);
    if (i % 100 === 99) writeFileSync(file, broken);
    else {
      const base = i % 50 === 49 ? large : typical[i % typical.length];
      writeFileSync(file, `${JSON.stringify({ ...base, id: `wf-${i}` }, null, 2)}\n`);
    }
  }
}

interface Timing {
  wallMs: number;
  cpuMs: number;
  code: number;
}

/** Runs one CLI invocation pinned to one core; CPU time comes from the child's own report. */
function timeCli(cli: string, args: string[], cwd: string): Timing {
  const report = path.join(cwd, `.cpu-${process.pid}.json`);
  const probe = path.join(cwd, '.cpu-probe.mjs');
  writeFileSync(
    probe,
    `import { writeFileSync } from 'node:fs';
process.on('exit', () => { const u = process.cpuUsage(); writeFileSync(process.env.BENCH_CPU_REPORT, JSON.stringify(u)); });\n`,
  );
  const pin = existsSync('/usr/bin/taskset') ? ['/usr/bin/taskset', '-c', '0'] : [];
  const command = [...pin, process.execPath, '--import', pathToFileURL(probe).href, cli, ...args];
  const started = performance.now();
  const res = spawnSync(command[0], command.slice(1), {
    cwd,
    env: { ...process.env, BENCH_CPU_REPORT: report, NODE_OPTIONS: '' },
    stdio: ['ignore', 'ignore', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  const wallMs = performance.now() - started;
  const usage = JSON.parse(readFileSync(report, 'utf8')) as { user: number; system: number };
  return { wallMs, cpuMs: (usage.user + usage.system) / 1000, code: res.status ?? -1 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const work = mkdtempSync(path.join(tmpdir(), 'junction-cli-bench-'));
try {
  const store = path.join(work, 'store');
  makeStore(store);
  const clis: [string, string][] = [];
  if (values.before) clis.push(['before', path.resolve(values.before)]);
  clis.push([values.before ? 'after' : 'current', path.resolve(values.after)]);
  const rows: string[] = [];
  for (const [label, cli] of clis) {
    const cases: [string, () => string[]][] = [
      ['validate', () => ['validate', store]],
      ['migrate --out', () => ['migrate', store, '--out', path.join(work, `out-${label}-${Date.now()}`)]],
    ];
    for (const [name, args] of cases) {
      const timings: Timing[] = [];
      for (let r = 0; r < runs; r++) timings.push(timeCli(cli, args(), work));
      const codes = [...new Set(timings.map((t) => t.code))].join(',');
      rows.push(
        `| ${label} | ${name} | ${docCount} | ${(median(timings.map((t) => t.wallMs)) / 1000).toFixed(2)} | ${(median(timings.map((t) => t.cpuMs)) / 1000).toFixed(2)} | ${codes} |`,
      );
    }
  }
  process.stdout.write(
    `| CLI | command | documents | wall (s) | CPU (s) | exit |\n| --- | --- | ---: | ---: | ---: | ---: |\n${rows.join('\n')}\n`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
