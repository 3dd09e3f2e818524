/** One sandbox child process (running child.mjs): its flags under the permission model, its start, one job, its end. runner.ts keeps the pool. */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sendHostRequest } from './host-requests.js';
import type { ChildMessage, JobMessage, ParentMessage, RequestMessage, ResultMessage } from './protocol.js';

import {
  type Limits,
  MAX_LOG_BYTES,
  MB,
  RSS_POLL_MS,
  type RunCustomCodeInput,
  type SandboxErrorCode,
  type SandboxResult,
  STDERR_KEEP,
} from './types.js';

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
export function childArgs(
  script: string,
  pyodideDir: string,
  limits: Limits,
  snapshot: string | undefined,
  mode: string,
) {
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

export function failure(code: SandboxErrorCode, message: string, logs = '', runMs = 0): SandboxResult {
  return { ok: false, error: { code, message }, logs, runMs };
}

/** One child process: started at once, waits for ready, runs one job, then is gone. */
export class SandboxChild {
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

export function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}
