/**
 * Measures the sandbox's start-up and run times (not a test): `npx tsx server/src/sandbox/measure.ts`.
 * Prints the machine's load average with the figures, since start-up is CPU-bound.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { createSandbox } from './runner.js';

const RUNS = 5;
const code = 'def run(inputData, authData):\n    return {"n": inputData["n"] * 2}';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function main(): Promise<void> {
  console.log(
    `node ${process.version}, ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );

  // Cold, without snapshot: each run loads Pyodide itself.
  const plain = createSandbox({ poolSize: 0, useSnapshot: false });
  const plainTotals: number[] = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    await plain.run({ code, inputData: { n: i }, authData: {} });
    plainTotals.push(performance.now() - started);
  }
  await plain.close();

  // Cold, from the snapshot (the first run also makes the snapshot).
  const cold = createSandbox({ poolSize: 0 });
  const snapshotStarted = performance.now();
  await cold.run({ code, inputData: { n: 0 }, authData: {} });
  const firstWithSnapshot = performance.now() - snapshotStarted;
  const coldTotals: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await cold.run({ code, inputData: { n: i }, authData: {} });
    coldTotals.push(performance.now() - started);
  }
  const coldStats = await cold.stats();
  await cold.close();

  // Warm pool of one, runs spaced so the pool refills between them.
  const warm = createSandbox({ poolSize: 1 });
  await warm.run({ code, inputData: { n: 0 }, authData: {} });
  const warmTotals: number[] = [];
  const runMs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    while ((await warm.stats()).ready === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    const result = await warm.run({ code, inputData: { n: i }, authData: {} });
    warmTotals.push(performance.now() - started);
    runMs.push(result.runMs);
  }
  const rss = idleRssMb();
  const warmStats = await warm.stats();
  await warm.close();

  const ms = (n: number) => `${Math.round(n)} ms`;
  console.log(
    `full Pyodide load per run (no snapshot): median ${ms(median(plainTotals))} (${plainTotals.map(ms).join(', ')})`,
  );
  console.log(
    `first run incl. making the snapshot: ${ms(firstWithSnapshot)}; snapshot ${(coldStats.snapshotBytes / 2 ** 20).toFixed(1)} MB`,
  );
  console.log(
    `cold run from the snapshot: median ${ms(median(coldTotals))}; child start-up ${coldStats.startupMs.map(ms).join(', ')}`,
  );
  console.log(
    `warm run (pool of 1): median ${ms(median(warmTotals))} (${warmTotals.map(ms).join(', ')}); inside Python ${runMs.map(ms).join(', ')}`,
  );
  console.log(`idle warm child resident memory: ${rss} (pool start-ups ${warmStats.startupMs.map(ms).join(', ')})`);
}

// The largest resident memory among this process's children (the waiting one), from /proc (Linux only).
function idleRssMb(): string {
  try {
    const children = readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8').trim().split(/\s+/);
    const sizes = children.map((pid) => {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    });
    return `${Math.round(Math.max(...sizes) / 1024)} MB`;
  } catch {
    return 'unknown';
  }
}

await main();
