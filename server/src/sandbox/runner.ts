/**
 * The custom-code sandbox (forms-dp 2.6 and 2.10): Python code runs in
 * Pyodide inside a Node child process that is the boundary — started with the permission
 * model (reads limited to the pyodide package and the child script; no writes, child
 * processes, workers or addons), no code generation from strings, an empty environment, a
 * JavaScript heap limit, a WebAssembly memory cap, a resident-memory backstop and a
 * wall-clock limit (the process is killed). The code reaches the network only through the
 * host's request helper, which uses the guarded HTTP client. See THREAT-MODEL.md.
 *
 * One child runs exactly one job, then exits: no state is shared between runs. A small warm
 * pool of children that have already loaded Pyodide hides its start-up time.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HttpClient } from '../security/http-client.js';
import { type Authenticate, sendHostRequest } from './host-requests.js';
import type { ChildMessage, JobMessage, ParentMessage, RequestMessage, ResultMessage } from './protocol.js';

/** Stable codes of custom-code failures. */
export type SandboxErrorCode =
  | 'syntax-error'
  | 'no-run-function'
  | 'code-error'
  | 'invalid-output'
  | 'too-large'
  | 'memory'
  | 'timeout'
  | 'crashed'
  | 'unavailable'
  | 'busy';

/** Why a run failed, in words for the user. */
export interface SandboxError {
  code: SandboxErrorCode;
  message: string;
}

/** The outcome of one run. `logs` is what the code printed (capped); it may contain authData. */
export type SandboxResult =
  | { ok: true; output: unknown; logs: string; runMs: number }
  | { ok: false; error: SandboxError; logs: string; runMs: number };

/** One run of custom code. */
export interface RunCustomCodeInput {
  /** Python source defining `run(inputData, authData)`. */
  code: string;
  /** The step's resolved field values. */
  inputData: Record<string, unknown>;
  /** The decrypted credential's values. */
  authData: Record<string, unknown>;
  /** The guarded client the `request` helper sends through; absent → requests are refused. */
  http?: HttpClient;
  /** Applies the app's auth for `authenticated_request`; absent → that helper is refused. */
  authenticate?: Authenticate;
  /** The workspace (tenant) the run belongs to: runs share the pool fairly between workspaces. */
  workspace?: string;
  /**
   * When the caller's budget ends (epoch ms, e.g. the step's time limit): waiting for a free
   * child counts against it, a run that cannot start before it fails ('busy'), and a started
   * run is stopped at it if that comes before the wall-clock limit.
   */
  deadline?: number;
}

/** Settings of {@link createSandbox}; every limit has a default. */
export interface SandboxOptions {
  /** Children kept started and waiting (default 1); 0 starts one per run. */
  poolSize?: number;
  /** Runs at once; more wait their turn (default 2). */
  maxConcurrent?: number;
  /**
   * Runs of one workspace at once (default half of maxConcurrent, at least 1): a workspace
   * flooding the pool leaves the other slots to other workspaces.
   */
  workspaceShare?: number;
  /** Wall-clock limit of one run from the job's hand-over, requests included (default 10 s). */
  timeoutMs?: number;
  /** Python's heap, the WebAssembly memory (default 256 MB). */
  memoryLimitMb?: number;
  /** The child's JavaScript heap, `--max-old-space-size` (default 128 MB). */
  jsHeapMb?: number;
  /** Resident memory of the whole child; past it the child is killed (default memory + heap + 256 MB). */
  rssLimitMb?: number;
  /** Largest JSON output (default 1 MB). */
  maxOutputBytes?: number;
  /** Requests one run may send (default 20). */
  maxRequests?: number;
  /** Time allowed for a child to load Pyodide (default 60 s). */
  startupTimeoutMs?: number;
  /** The child script; default: found beside this module (src or dist). */
  childScript?: string;
  /** The pyodide package folder; default: resolved from node_modules. */
  pyodideDir?: string;
  /**
   * Start children from a memory snapshot of a freshly loaded Pyodide (made once, on first
   * use, in a private temporary folder) instead of loading it each time (default true).
   */
  useSnapshot?: boolean;
}

/** Start-up and run figures, for the docs and the health of the pool. */
export interface SandboxStats {
  /** Children started so far. */
  started: number;
  /** Start-up times (spawn → ready) of the last children, in ms. */
  startupMs: number[];
  /** Children started and waiting. */
  warm: number;
  /** Of those, the ones that have loaded Python and can take a job at once. */
  ready: number;
  /** Size of the start-up snapshot in bytes, 0 when children load Pyodide themselves. */
  snapshotBytes: number;
}

/** Runs custom code; see {@link createSandbox}. */
export interface Sandbox {
  run(input: RunCustomCodeInput): Promise<SandboxResult>;
  stats(): Promise<SandboxStats>;
  /** Kills every child and refuses further runs. */
  close(): Promise<void>;
}

const MB = 1024 * 1024;
const MAX_LOG_BYTES = 64 * 1024;
const STDERR_KEEP = 8 * 1024;
const RSS_POLL_MS = 200;

interface Limits {
  poolSize: number;
  maxConcurrent: number;
  workspaceShare: number;
  timeoutMs: number;
  memoryLimitMb: number;
  jsHeapMb: number;
  rssLimitMb: number;
  maxOutputBytes: number;
  maxRequests: number;
  startupTimeoutMs: number;
}

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
 * with the options of {@link configureDefaultSandbox}).
 */
export function getDefaultSandbox(): Sandbox {
  defaultSandbox ??= createSandbox(defaultOptions);
  return defaultSandbox;
}

/**
 * Sets the options of the process-wide sandbox (the server and the worker pass the
 * configuration's pool limits at start). Only a sandbox created after the call uses them.
 */
export function configureDefaultSandbox(options: SandboxOptions): void {
  defaultOptions = { ...options };
}

/** A start-up snapshot on disk. */
interface Snapshot {
  file: string;
  bytes: number;
  remove(): void;
}

/**
 * Makes the start-up snapshot in a private (0700) temporary folder with a child that may write
 * that one file and runs no user code. Undefined when it fails: children then load Pyodide.
 */
async function makeSnapshot(script: string, pyodideDir: string, limits: Limits): Promise<Snapshot | undefined> {
  removeStaleSnapshots();
  const dir = mkdtempSync(path.join(os.tmpdir(), `${SNAPSHOT_PREFIX}${process.pid}-`));
  const file = path.join(dir, 'pyodide.snapshot');
  const remove = () => rmSync(dir, { recursive: true, force: true });
  const args = [
    ...childFlags(script, pyodideDir, limits),
    `--allow-fs-write=${file}`,
    ...childArgs(script, pyodideDir, limits, file, 'snapshot'),
  ];
  const child = spawn(process.execPath, args, { env: {}, cwd: pyodideDir, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (data: Buffer) => {
    output += data.toString('utf8');
  });
  child.stderr?.resume();
  const timer = setTimeout(() => child.kill('SIGKILL'), limits.startupTimeoutMs * 2);
  timer.unref();
  const code = await new Promise<number | null>((resolve) => {
    child.on('exit', resolve);
    child.on('error', () => resolve(null));
  });
  clearTimeout(timer);
  const bytes = Number(/"bytes":(\d+)/.exec(output)?.[1] ?? 0);
  if (code !== 0 || bytes === 0 || !existsSync(file)) {
    remove();
    return undefined;
  }
  return { file, bytes, remove };
}

const SNAPSHOT_PREFIX = 'junction-sandbox-';
const SNAPSHOT_DIR = /^junction-sandbox-(\d+)-/;

/**
 * Removes snapshot folders of processes that are gone (a process killed without its exit
 * handlers, e.g. a test worker, leaves its 30 MB folder behind).
 */
function removeStaleSnapshots(): void {
  let names: string[];
  try {
    names = readdirSync(os.tmpdir());
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(SNAPSHOT_DIR.exec(name)?.[1] ?? 0);
    if (pid > 0 && pid !== process.pid && !isAlive(pid)) {
      rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Node flags of every child: the permission model and the limits. Exported for the boundary
 * test, which runs a probe script under the same flags.
 */
export function childFlags(script: string, pyodideDir: string, limits: Pick<Limits, 'jsHeapMb'>): string[] {
  return [
    '--experimental-permission',
    `--allow-fs-read=${pyodideDir}${path.sep}`,
    `--allow-fs-read=${script}`,
    '--disallow-code-generation-from-strings',
    `--max-old-space-size=${limits.jsHeapMb}`,
    '--no-warnings',
  ];
}

/** The script and its arguments (see child.mjs). */
function childArgs(script: string, pyodideDir: string, limits: Limits, snapshot: string | undefined, mode: string) {
  return [
    script,
    pyodideDir,
    String(limits.memoryLimitMb * MB),
    String(limits.maxOutputBytes),
    String(MAX_LOG_BYTES),
    snapshot ?? '-',
    mode,
  ];
}

function failure(code: SandboxErrorCode, message: string, logs = '', runMs = 0): SandboxResult {
  return { ok: false, error: { code, message }, logs, runMs };
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

/** One child process: started at once, waits for ready, runs one job, then is gone. */
class SandboxChild {
  readonly ready: Promise<void>;
  isReady = false;
  startupMs = 0;
  private readonly process: ChildProcess;
  private readonly limits: Limits;
  private readonly spawnedAt = performance.now();
  /** Settles when the process has exited. */
  readonly gone: Promise<void>;
  private stderr = '';
  private exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  private onMessage: (message: ChildMessage) => void = () => undefined;
  private onExit: () => void = () => undefined;
  private killedFor: SandboxErrorCode | undefined;

  constructor(script: string, pyodideDir: string, limits: Limits, snapshot: string | undefined) {
    this.limits = limits;
    const args = [
      ...childFlags(script, pyodideDir, limits),
      ...(snapshot ? [`--allow-fs-read=${snapshot}`] : []),
      ...childArgs(script, pyodideDir, limits, snapshot, 'run'),
    ];
    this.process = spawn(process.execPath, args, { env: {}, cwd: pyodideDir, stdio: ['pipe', 'pipe', 'pipe'] });
    this.setIdle(true);
    this.readLines();
    this.process.stderr?.on('data', (data: Buffer) => {
      this.stderr = (this.stderr + data.toString('utf8')).slice(-STDERR_KEEP);
    });
    this.process.stdin?.on('error', () => undefined);
    this.ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.kill();
        reject(new Error(`Python did not start within ${limits.startupTimeoutMs} ms.`));
      }, limits.startupTimeoutMs);
      timer.unref();
      this.onMessage = (message) => {
        if (message.type !== 'ready') return;
        clearTimeout(timer);
        this.startupMs = Math.round(performance.now() - this.spawnedAt);
        this.isReady = true;
        resolve();
      };
      this.onExit = () => {
        clearTimeout(timer);
        reject(new Error(`Python could not start${this.describeExit()}`));
      };
    });
    this.ready.catch(() => undefined);
    this.process.on('error', (error) => {
      this.stderr += `\n${error.message}`;
    });
    this.gone = new Promise<void>((resolve) => {
      this.process.on('exit', (code, signal) => {
        this.exited = { code, signal };
        this.onExit();
        resolve();
      });
    });
  }

  /** Runs the one job of this child; never throws. */
  async execute(input: RunCustomCodeInput): Promise<SandboxResult> {
    this.setIdle(false);
    try {
      await this.ready;
    } catch (error) {
      this.kill();
      return failure('unavailable', `The custom-code sandbox is unavailable: ${(error as Error).message}`);
    }
    if (this.exited) return this.describeDeath(0);
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const budget = { left: this.limits.maxRequests, max: this.limits.maxRequests };
    // The wall clock, or what is left of the caller's budget when that ends first.
    const left = input.deadline === undefined ? Number.POSITIVE_INFINITY : input.deadline - Date.now();
    const stopAfterMs = Math.max(0, Math.min(this.limits.timeoutMs, left));
    const stopReason: SandboxErrorCode = stopAfterMs < this.limits.timeoutMs ? 'busy' : 'timeout';
    const outcome = await new Promise<ResultMessage | undefined>((resolve) => {
      const timer = setTimeout(() => this.kill(stopReason), stopAfterMs);
      const watcher = setInterval(() => this.checkMemory(), RSS_POLL_MS);
      const finish = (result: ResultMessage | undefined) => {
        clearTimeout(timer);
        clearInterval(watcher);
        resolve(result);
      };
      this.onExit = () => finish(undefined);
      this.onMessage = (message) => {
        if (message.type === 'result') finish(message);
        else if (message.type === 'request') this.answer(message, input, budget);
      };
      const job: JobMessage = { type: 'job', code: input.code, inputData: input.inputData, authData: input.authData };
      this.write(job);
    });
    this.kill();
    if (!outcome) return this.describeDeath(elapsed());
    return this.readResult(outcome, elapsed());
  }

  /** Kills the child (idempotent); `reason` tells {@link describeDeath} why. */
  kill(reason?: SandboxErrorCode): void {
    if (reason && !this.killedFor) this.killedFor = reason;
    if (this.exited) return;
    // Held until it is gone, so whoever awaits `gone` (close) sees the exit.
    this.setIdle(false);
    this.process.kill('SIGKILL');
  }

  private answer(message: RequestMessage, input: RunCustomCodeInput, budget: { left: number; max: number }): void {
    sendHostRequest(message, { http: input.http, authenticate: input.authenticate, budget })
      .catch((error: unknown) => ({ ok: false as const, error: `The request failed: ${(error as Error).message}` }))
      .then((reply) => this.write({ type: 'response', id: message.id, reply }));
  }

  private readResult(message: ResultMessage, runMs: number): SandboxResult {
    let envelope: { ok?: unknown; output?: unknown; code?: unknown; message?: unknown };
    try {
      envelope = JSON.parse(message.envelope);
    } catch {
      return failure('invalid-output', 'Custom code must return JSON.', message.logs, runMs);
    }
    if (envelope.ok === true) return { ok: true, output: envelope.output ?? null, logs: message.logs, runMs };
    const code = (typeof envelope.code === 'string' ? envelope.code : 'code-error') as SandboxErrorCode;
    const text = typeof envelope.message === 'string' ? envelope.message : 'Custom code failed.';
    const shown = code === 'memory' ? this.memoryMessage() : text;
    return failure(code, shown, message.logs, runMs);
  }

  private describeDeath(runMs: number): SandboxResult {
    if (this.killedFor === 'busy') {
      return failure(
        'busy',
        `Custom code was stopped after ${formatSeconds(runMs)}: the step's time limit ended (it waited for a free sandbox first).`,
        '',
        runMs,
      );
    }
    if (this.killedFor === 'timeout') {
      return failure(
        'timeout',
        `Custom code timed out after ${formatSeconds(this.limits.timeoutMs)} and was stopped.`,
        '',
        runMs,
      );
    }
    if (this.killedFor === 'too-large') {
      return failure(
        'too-large',
        `The output of custom code is larger than ${this.limits.maxOutputBytes} bytes.`,
        '',
        runMs,
      );
    }
    if (this.killedFor === 'memory' || /out of memory|memory limit|allocation failed/i.test(this.stderr)) {
      return failure('memory', this.memoryMessage(), '', runMs);
    }
    const denied = /ERR_ACCESS_DENIED[\s\S]*?permission: '(\w+)'/.exec(this.stderr);
    if (denied) {
      return failure(
        'crashed',
        `Custom code tried an operation the sandbox forbids (${denied[1]}) and was stopped.`,
        '',
        runMs,
      );
    }
    return failure('crashed', `The custom-code sandbox stopped unexpectedly${this.describeExit()}`, '', runMs);
  }

  private memoryMessage(): string {
    return `Custom code ran out of memory (limit ${this.limits.memoryLimitMb} MB).`;
  }

  private describeExit(): string {
    const exit = this.exited;
    if (!exit) return '.';
    return exit.signal ? ` (signal ${exit.signal}).` : ` (exit code ${exit.code}).`;
  }

  private checkMemory(): void {
    const pid = this.process.pid;
    if (!pid || this.exited) return;
    let status: string;
    try {
      status = readFileSync(`/proc/${pid}/status`, 'utf8');
    } catch {
      return; // not Linux, or already gone
    }
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    if (rssKb * 1024 > this.limits.rssLimitMb * MB) this.kill('memory');
  }

  private write(message: ParentMessage): void {
    if (this.exited) return;
    this.process.stdin?.write(`${JSON.stringify(message)}\n`);
  }

  private readLines(): void {
    const stdout = this.process.stdout;
    if (!stdout) return;
    // The result line may be as long as the output cap, JSON-escaped twice, plus the logs; a
    // request line as long as the child's request cap (5 MB).
    const maxLine = Math.max(this.limits.maxOutputBytes * 7 + MAX_LOG_BYTES * 7, 10 * MB) + 4096;
    let buffered: Buffer[] = [];
    let size = 0;
    stdout.on('data', (data: Buffer) => {
      let rest = data;
      for (let end = rest.indexOf(10); end >= 0; end = rest.indexOf(10)) {
        buffered.push(rest.subarray(0, end));
        const line = Buffer.concat(buffered).toString('utf8');
        buffered = [];
        size = 0;
        rest = rest.subarray(end + 1);
        this.dispatch(line);
      }
      buffered.push(rest);
      size += rest.length;
      if (size > maxLine) this.kill('too-large');
    });
  }

  private dispatch(line: string): void {
    let message: ChildMessage;
    try {
      message = JSON.parse(line) as ChildMessage;
    } catch {
      this.stderr += `\nUnreadable message from the child: ${line.slice(0, 200)}`;
      return;
    }
    this.onMessage(message);
  }

  /** Idle children must not keep the server's event loop alive. */
  private setIdle(isIdle: boolean): void {
    const handles = [this.process, this.process.stdin, this.process.stdout, this.process.stderr] as unknown as ({
      ref?: () => void;
      unref?: () => void;
    } | null)[];
    for (const handle of handles) {
      if (isIdle) handle?.unref?.();
      else handle?.ref?.();
    }
  }
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}

/** One taken slot of the pool. */
interface Slot {
  release(): void;
}

/**
 * The pool's slots, shared fairly: at most `total` runs at once and at most `share` of one
 * workspace; waiting runs are served round-robin by workspace (a workspace with ten runs
 * waiting does not delay another's one), and a waiter whose deadline passes leaves the queue
 * with no slot.
 */
function createFairSlots(total: number, share: number) {
  const active = new Map<string, number>();
  /** Waiters by workspace, in arrival order; the map's order is the round-robin order. */
  const queues = new Map<string, { grant: (slot: Slot | undefined) => void }[]>();
  let running = 0;
  let closed = false;

  const take = (workspace: string): Slot => {
    running++;
    active.set(workspace, (active.get(workspace) ?? 0) + 1);
    let released = false;
    return {
      release() {
        if (released) return;
        released = true;
        running--;
        const left = (active.get(workspace) ?? 1) - 1;
        if (left > 0) active.set(workspace, left);
        else active.delete(workspace);
        dispatch();
      },
    };
  };

  function dispatch(): void {
    for (const [workspace, waiters] of queues) {
      if (running >= total) return;
      if ((active.get(workspace) ?? 0) >= share) continue;
      const next = waiters.shift();
      // Served workspaces go to the back of the round.
      queues.delete(workspace);
      if (waiters.length > 0) queues.set(workspace, waiters);
      next?.grant(take(workspace));
    }
  }

  return {
    /** A slot, or undefined when `deadline` passed (or the pool closed) before one was free. */
    acquire(workspace: string, deadline?: number): Promise<Slot | undefined> {
      if (closed) return Promise.resolve(undefined);
      if (running < total && (active.get(workspace) ?? 0) < share && !queues.has(workspace)) {
        return Promise.resolve(take(workspace));
      }
      return new Promise((resolve) => {
        let timer: NodeJS.Timeout | undefined;
        const waiter = {
          grant(slot: Slot | undefined) {
            clearTimeout(timer);
            resolve(slot);
          },
        };
        const list = queues.get(workspace) ?? [];
        list.push(waiter);
        queues.set(workspace, list);
        if (deadline !== undefined) {
          timer = setTimeout(
            () => {
              const waiters = queues.get(workspace);
              const at = waiters?.indexOf(waiter) ?? -1;
              if (waiters && at >= 0) {
                waiters.splice(at, 1);
                if (waiters.length === 0) queues.delete(workspace);
              }
              resolve(undefined);
            },
            Math.max(0, deadline - Date.now()),
          );
        }
        dispatch();
      });
    },
    close(): void {
      closed = true;
      for (const waiters of queues.values()) for (const waiter of waiters) waiter.grant(undefined);
      queues.clear();
    },
  };
}
