import type { HttpClient } from '../security/http-client.js';
import type { Authenticate } from './host-requests.js';

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

export const MB = 1024 * 1024;
export const MAX_LOG_BYTES = 64 * 1024;
export const STDERR_KEEP = 8 * 1024;
export const RSS_POLL_MS = 200;

export interface Limits {
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
