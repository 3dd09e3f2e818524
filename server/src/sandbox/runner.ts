import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { failure, formatSeconds, SandboxChild } from './child-process.js';
import { createFairSlots } from './fair-slots.js';
import { makeSnapshot, type Snapshot } from './snapshot.js';
import {
  type Limits,
  MB,
  type RunCustomCodeInput,
  type Sandbox,
  type SandboxOptions,
  type SandboxResult,
} from './types.js';

/**
 * Creates a sandbox with its warm pool (filled on the first run, not before).
 *
 * @example
 * const sandbox = createSandbox({ timeoutMs: 5_000 });
 * const result = await sandbox.run({ code: 'def run(inputData, authData):\n    return {"n": inputData["n"] + 1}',
 *   inputData: { n: 1 }, authData: {} });
 * result.ok && result.output; // { n: 2 }
 */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const memoryLimitMb = options.memoryLimitMb ?? 256;
  const jsHeapMb = options.jsHeapMb ?? 128;
  const limits: Limits = {
    poolSize: Math.max(0, options.poolSize ?? 1),
    maxConcurrent: Math.max(1, options.maxConcurrent ?? 2),
    workspaceShare: Math.max(1, options.workspaceShare ?? Math.floor((options.maxConcurrent ?? 2) / 2)),
    timeoutMs: options.timeoutMs ?? 10_000,
    memoryLimitMb,
    jsHeapMb,
    rssLimitMb: options.rssLimitMb ?? memoryLimitMb + jsHeapMb + 256,
    maxOutputBytes: options.maxOutputBytes ?? MB,
    maxRequests: options.maxRequests ?? 20,
    startupTimeoutMs: options.startupTimeoutMs ?? 60_000,
  };
  const childScript = options.childScript ?? findChildScript();
  const pyodideDir = options.pyodideDir ?? findPyodideDir();
  const warm: SandboxChild[] = [];
  const slots = createFairSlots(limits.maxConcurrent, limits.workspaceShare);
  const startupMs: number[] = [];
  let started = 0;
  let isClosed = false;
  let snapshot: Promise<Snapshot | undefined> | undefined;
  let made: Snapshot | undefined;
  const getSnapshot = () => {
    if (options.useSnapshot === false) return Promise.resolve(undefined);
    snapshot ??= makeSnapshot(childScript, pyodideDir, limits).then((result) => {
      made = result;
      return result;
    });
    return snapshot;
  };
  // Runs at exit too, so it must be synchronous.
  const removeSnapshot = () => made?.remove();
  process.once('exit', removeSnapshot);

  const startChild = (made: Snapshot | undefined): SandboxChild => {
    started++;
    const child = new SandboxChild(childScript, pyodideDir, limits, made?.file);
    child.ready.then(
      () => {
        startupMs.push(child.startupMs);
        if (startupMs.length > 20) startupMs.shift();
      },
      () => undefined,
    );
    // A waiting child that dies (killed from outside, crashed) leaves the pool.
    child.gone.then(() => {
      const index = warm.indexOf(child);
      if (index >= 0) warm.splice(index, 1);
    });
    return child;
  };

  const refill = async () => {
    const made = await getSnapshot();
    while (!isClosed && warm.length < limits.poolSize) warm.push(startChild(made));
  };

  async function run(input: RunCustomCodeInput): Promise<SandboxResult> {
    if (isClosed) return failure('unavailable', 'The custom-code sandbox is shut down.');
    if (typeof input.code !== 'string' || input.code.trim() === '') {
      return failure('no-run-function', 'Custom code must define a function run(inputData, authData).');
    }
    const waitedFrom = Date.now();
    const slot = await slots.acquire(input.workspace ?? '', input.deadline);
    if (!slot) {
      if (isClosed) return failure('unavailable', 'The custom-code sandbox is shut down.');
      const waited = formatSeconds(Date.now() - waitedFrom);
      return failure(
        'busy',
        `Custom code could not start: no sandbox was free within the step's time limit (waited ${waited}).`,
      );
    }
    try {
      if (isClosed) return failure('unavailable', 'The custom-code sandbox is shut down.');
      const child = warm.shift() ?? startChild(await getSnapshot());
      void refill();
      return await child.execute(input);
    } finally {
      slot.release();
    }
  }

  return {
    run,
    async stats() {
      await snapshot;
      const ready = warm.filter((child) => child.isReady).length;
      return { started, startupMs: [...startupMs], warm: warm.length, ready, snapshotBytes: made?.bytes ?? 0 };
    },
    async close() {
      isClosed = true;
      slots.close();
      const children = warm.splice(0);
      for (const child of children) child.kill();
      await Promise.all(children.map((child) => child.gone));
      process.removeListener('exit', removeSnapshot);
      await snapshot;
      removeSnapshot();
    },
  };
}

let defaultSandbox: Sandbox | undefined;
let defaultOptions: SandboxOptions = {};

/**
 * The process-wide sandbox the executor uses when it is given none (created on first use,
 * with the options of {@link configureDefaultSandbox}; once closed, the next call creates another).
 */
export function getDefaultSandbox(): Sandbox {
  if (!defaultSandbox) {
    const sandbox = createSandbox(defaultOptions);
    // Closing it (a server's or a test's shut-down) lets the next user of the process get a new one.
    const shared: Sandbox = {
      ...sandbox,
      close: async () => {
        if (defaultSandbox === shared) defaultSandbox = undefined;
        await sandbox.close();
      },
    };
    defaultSandbox = shared;
  }
  return defaultSandbox;
}

/**
 * Sets the options of the process-wide sandbox (the server and the worker pass the
 * configuration's pool limits at start). Only a sandbox created after the call uses them.
 */
export function configureDefaultSandbox(options: SandboxOptions): void {
  defaultOptions = { ...options };
}

/**
 * The child script: `child.mjs` beside this module when running from src (tests), or
 * `sandbox-child.mjs` in server/dist (tsup bundles this module into a chunk at the dist root).
 */
function findChildScript(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.join(here, 'child.mjs'), path.join(here, 'sandbox-child.mjs')]) {
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`The sandbox child script is missing beside ${here} (child.mjs or sandbox-child.mjs).`);
}

function findPyodideDir(): string {
  const require = createRequire(import.meta.url);
  const dir = path.dirname(require.resolve('pyodide/package.json'));
  if (!existsSync(path.join(dir, 'pyodide.asm.wasm')) || !existsSync(path.join(dir, 'python_stdlib.zip'))) {
    throw new Error(`The pyodide package at ${dir} lacks its wasm or standard library.`);
  }
  return dir;
}

export { childFlags } from './child-process.js';
export type {
  RunCustomCodeInput,
  Sandbox,
  SandboxError,
  SandboxErrorCode,
  SandboxOptions,
  SandboxResult,
  SandboxStats,
} from './types.js';
