import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox, type SandboxResult } from './runner.js';

// A noisy neighbour (hostile pass): ten endless loops from workspace A must not make workspace
// B's one-line step miss its own time budget. The pool is the default shape (2 runs at once,
// 1 per workspace); each loop is stopped at the 4 s wall clock. Served first come, first
// served, B would wait for five rounds of loops (20 s and more) — past its 15 s budget. Two
// warm children wait before the flood, so start-up time (slow on a busy machine) is not what
// is measured.
const LOOP = 'def run(inputData, authData):\n    while True:\n        pass\n';
const ONE_LINE = 'def run(inputData, authData):\n    return {"sum": inputData["a"] + inputData["b"]}\n';
const BUDGET_MS = 15_000;

const sandbox = createSandbox({ poolSize: 2, maxConcurrent: 2, timeoutMs: 4_000 });
afterAll(() => sandbox.close());

describe('custom code: the pool is shared fairly between workspaces', () => {
  it("runs workspace B's one-line step within its budget while workspace A floods the pool", {
    timeout: 400_000,
  }, async () => {
    const warmUp = await sandbox.run({ code: ONE_LINE, inputData: { a: 1, b: 1 }, authData: {}, workspace: 'ws-b' });
    expect(warmUp.ok).toBe(true);
    for (let i = 0; i < 600 && (await sandbox.stats()).ready < 2; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const started = Date.now();
    const loops = Array.from({ length: 10 }, () =>
      sandbox.run({ code: LOOP, inputData: {}, authData: {}, workspace: 'ws-a', deadline: started + BUDGET_MS }),
    );
    // B arrives once A's runs are all queued.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const bStarted = Date.now();
    const b = sandbox.run({
      code: ONE_LINE,
      inputData: { a: 2, b: 3 },
      authData: {},
      workspace: 'ws-b',
      deadline: bStarted + BUDGET_MS,
    });
    // What the engine does with a step past its time limit: it stops waiting for it.
    const outcome = await Promise.race([
      b,
      new Promise<'budget spent'>((resolve) => setTimeout(() => resolve('budget spent'), BUDGET_MS + 5_000)),
    ]);
    const bMs = Date.now() - bStarted;
    expect(outcome).toMatchObject({ ok: true, output: { sum: 5 } });

    const results: SandboxResult[] = await Promise.all(loops);
    const aMs = Date.now() - started;
    const codes = results.map((r) => (r.ok ? 'ok' : r.error.code));
    // A's loops end within A's own budget: stopped at the wall clock, or not started in time.
    expect(codes.every((code) => code === 'timeout' || code === 'busy')).toBe(true);
    const notStarted = results.find((r) => !r.ok && r.error.message.startsWith('Custom code could not start'));
    expect(notStarted && !notStarted.ok && notStarted.error.message).toMatch(
      /^Custom code could not start: no sandbox was free within the step's time limit \(waited \d+(\.\d)? s\)\.$/,
    );
    process.stdout.write(
      `\nsandbox fairness: B answered in ${(bMs / 1000).toFixed(1)} s (budget ${BUDGET_MS / 1000} s); ` +
        `A's 10 loops ended in ${(aMs / 1000).toFixed(1)} s: ${codes.filter((c) => c === 'timeout').length} stopped at the wall clock, ` +
        `${codes.filter((c) => c === 'busy').length} not started or cut at A's budget\n`,
    );
  });
});
