/**
 * The accounting invariant every reliability scenario ends with: every acknowledged
 * webhook has exactly one execution, every execution is finished or resumable, nothing is
 * duplicated, and (when the target counts them) every succeeded run's effect happened once.
 *
 * Scenarios tag each event with a unique `seq` in its body; the ledger remembers which seqs
 * were sent and which were acknowledged (200 + executionId). A request cut by a crash has no
 * acknowledgement: it may have been recorded or not, but at most once.
 */
import Database from 'better-sqlite3';
import pg from 'pg';

/** Statuses an execution ends in. */
export const FINISHED = new Set(['succeeded', 'failed', 'filtered', 'cancelled', 'not_run']);
/** Statuses a restart or the reconciler picks up again. */
export const RESUMABLE = new Set(['queued', 'waiting', 'running']);

/** What the load generator knows. */
export interface Ledger {
  /** Every seq sent (acknowledged or not). */
  sent: Set<number>;
  /** seq → the executionId of its 200 answer. */
  acked: Map<number, string>;
  /** Answers that were refused on purpose (429/503/507 with Retry-After): not events. */
  refused: number;
  /** Requests that got no answer (connection cut by a kill). */
  cut: number;
}

/** A fresh ledger. */
export function createLedger(): Ledger {
  return { sent: new Set(), acked: new Map(), refused: 0, cut: 0 };
}

/** One execution as stored: its id, status and the seq its trigger data carries. */
export interface ExecutionRow {
  id: string;
  status: string;
  seq?: number;
}

/** The counts a scenario prints, and every violation found. */
export interface Accounting {
  sent: number;
  acknowledged: number;
  refused: number;
  cut: number;
  executions: number;
  finished: number;
  resumable: number;
  /** Acknowledged events without their execution (must be 0). */
  lost: number;
  /** Events with more than one execution, or an execution answered for two events (must be 0). */
  duplicates: number;
  /** Executions neither finished nor resumable (must be 0). */
  stranded: number;
  /** Executions whose seq was never sent (must be 0). */
  phantoms: number;
  /** Cut requests that were recorded anyway (allowed: at most once each). */
  cutButRecorded: number;
  violations: string[];
}

/**
 * Checks the invariant. `requireFinished` also counts resumable executions as violations
 * (after a scenario drained its queue, nothing should still be waiting).
 */
export function account(ledger: Ledger, rows: ExecutionRow[], opts: { requireFinished?: boolean } = {}): Accounting {
  const violations: string[] = [];
  const bySeq = new Map<number, ExecutionRow[]>();
  const byId = new Map<string, ExecutionRow>();
  let phantoms = 0;
  for (const row of rows) {
    if (byId.has(row.id)) violations.push(`execution ${row.id} is listed twice`);
    byId.set(row.id, row);
    if (row.seq === undefined || !ledger.sent.has(row.seq)) {
      phantoms += 1;
      violations.push(`execution ${row.id} carries seq ${row.seq}, which was never sent`);
      continue;
    }
    const list = bySeq.get(row.seq) ?? [];
    list.push(row);
    bySeq.set(row.seq, list);
  }
  let lost = 0;
  let duplicates = 0;
  const answered = new Map<string, number>();
  for (const [seq, executionId] of ledger.acked) {
    const other = answered.get(executionId);
    if (other !== undefined) {
      duplicates += 1;
      violations.push(`execution ${executionId} was answered for seq ${other} and seq ${seq}`);
    }
    answered.set(executionId, seq);
    const row = byId.get(executionId);
    if (!row) {
      lost += 1;
      violations.push(`acknowledged seq ${seq} (execution ${executionId}) has no execution`);
    } else if (row.seq !== seq) {
      violations.push(`execution ${executionId} was answered for seq ${seq} but carries seq ${row.seq}`);
    }
  }
  let cutButRecorded = 0;
  for (const [seq, list] of bySeq) {
    if (list.length > 1) {
      duplicates += list.length - 1;
      violations.push(`seq ${seq} has ${list.length} executions: ${list.map((r) => r.id).join(', ')}`);
    }
    if (!ledger.acked.has(seq)) cutButRecorded += 1;
  }
  let finished = 0;
  let resumable = 0;
  let stranded = 0;
  for (const row of rows) {
    if (FINISHED.has(row.status)) finished += 1;
    else if (RESUMABLE.has(row.status)) {
      resumable += 1;
      if (opts.requireFinished) violations.push(`execution ${row.id} is still ${row.status}`);
    } else {
      stranded += 1;
      violations.push(`execution ${row.id} has status ${row.status}`);
    }
  }
  return {
    sent: ledger.sent.size,
    acknowledged: ledger.acked.size,
    refused: ledger.refused,
    cut: ledger.cut,
    executions: rows.length,
    finished,
    resumable,
    lost,
    duplicates,
    stranded,
    phantoms,
    cutButRecorded,
    violations,
  };
}

/** Throws with the first violations when the invariant does not hold. */
export function assertAccounted(result: Accounting): void {
  if (result.violations.length === 0) return;
  const shown = result.violations.slice(0, 20).join('\n  ');
  const more = result.violations.length > 20 ? `\n  … and ${result.violations.length - 20} more` : '';
  throw new Error(`accounting invariant broken (${result.violations.length} violations):\n  ${shown}${more}`);
}

/** What a target that counts idempotency keys saw. */
export interface EffectLedger {
  /** Idempotency-Key → calls carrying it. */
  calls: Map<string, number>;
  /** Calls without an Idempotency-Key header. */
  unkeyed: number;
}

/** The effect figures: distinct keys (effects), calls, the most calls one key got. */
export interface EffectAccounting {
  calls: number;
  effects: number;
  maxCallsPerKey: number;
  unkeyed: number;
  violations: string[];
}

/**
 * Checks that every succeeded execution had exactly one effect (one distinct key naming it) and
 * that no key was called more than `maxCalls` times.
 */
export function accountEffects(
  effects: EffectLedger,
  rows: ExecutionRow[],
  opts: { maxCalls?: number; stepId: string },
): EffectAccounting {
  const violations: string[] = [];
  let calls = 0;
  let maxCallsPerKey = 0;
  for (const [key, n] of effects.calls) {
    calls += n;
    maxCallsPerKey = Math.max(maxCallsPerKey, n);
    if (opts.maxCalls !== undefined && n > opts.maxCalls) violations.push(`key ${key} was called ${n} times`);
  }
  for (const row of rows) {
    if (row.status !== 'succeeded') continue;
    if (!effects.calls.has(`${row.id}:${opts.stepId}`)) {
      violations.push(`succeeded execution ${row.id} has no effect at the target`);
    }
  }
  if (effects.unkeyed > 0) violations.push(`${effects.unkeyed} calls carried no Idempotency-Key`);
  return {
    calls: calls + effects.unkeyed,
    effects: effects.calls.size,
    maxCallsPerKey,
    unkeyed: effects.unkeyed,
    violations,
  };
}

/** The seq in a stored `trigger_data` column (the engine stores `{ "v": data }`). */
function seqOf(column: unknown): number | undefined {
  const stored = typeof column === 'string' ? safeParse(column) : column;
  const value = typeof stored === 'object' && stored !== null && 'v' in stored ? (stored as { v: unknown }).v : stored;
  if (typeof value === 'object' && value !== null && typeof (value as { seq?: unknown }).seq === 'number') {
    return (value as { seq: number }).seq;
  }
  return undefined;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Every execution of `workflowId` in a SQLite file (opened read-only; WAL lets the server keep writing). */
export function readExecutionsSqlite(file: string, workflowId: string): ExecutionRow[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const rows = db
      .prepare('SELECT id, status, trigger_data FROM executions WHERE workflow_id = ?')
      .all(workflowId) as { id: string; status: string; trigger_data: string }[];
    return rows.map((r) => ({ id: r.id, status: r.status, seq: seqOf(r.trigger_data) }));
  } finally {
    db.close();
  }
}

/** Every execution of `workflowId` in a PostgreSQL database (`url` may carry a search_path). */
export async function readExecutionsPostgres(url: string, workflowId: string): Promise<ExecutionRow[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const res = await client.query('SELECT id, status, trigger_data FROM executions WHERE workflow_id = $1', [
      workflowId,
    ]);
    return res.rows.map((r: { id: string; status: string; trigger_data: unknown }) => ({
      id: r.id,
      status: r.status,
      seq: seqOf(r.trigger_data),
    }));
  } finally {
    await client.end();
  }
}

/** Statuses by count, for the printed tables. */
export function statusCounts(rows: ExecutionRow[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const row of rows) counts[row.status] = (counts[row.status] ?? 0) + 1;
  return counts;
}

/**
 * Every execution of `workflowId` through the API (`get` answers a GET's JSON), following the
 * cursor; bounded to 500 pages.
 */
export async function readExecutionsApi(
  get: (
    path: string,
  ) => Promise<{ items: { id: string; status: string; triggerData: unknown }[]; nextCursor?: string }>,
  workflowId: string,
): Promise<ExecutionRow[]> {
  const rows: ExecutionRow[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 500; page++) {
    const query = `limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const body = await get(`/api/workflows/${workflowId}/executions?${query}`);
    for (const item of body.items) rows.push({ id: item.id, status: item.status, seq: seqOf({ v: item.triggerData }) });
    cursor = body.nextCursor;
    if (!cursor) break;
  }
  return rows;
}
