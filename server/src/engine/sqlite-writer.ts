/**
 * The engine's hot path on SQLite, through better-sqlite3 prepared statements on a second
 * connection to the same file (WAL). Kysely prepares every statement again on each call and
 * builds its query tree each time; on the webhook → run path that was a third of the CPU.
 *
 * Safety: this connection writes only inside a group-commit round (./batcher.ts), and a round
 * holds Kysely's own (single) SQLite connection for its whole duration, so no Kysely
 * transaction can be open while this connection takes the write lock, and no Kysely write can
 * wait on it. Reads need no such care in WAL mode.
 */
import { closeSync, fsync, openSync } from 'node:fs';
import SqliteDatabase from 'better-sqlite3';
import type { Database } from '../store/database.js';
import { readJson } from '../store/json.js';
import { withoutNul } from '../store/nul-free.js';
import { type EngineWorkflow, type EngineWriter, type StepRunRecord, toRecord, writeAny } from '../store/repos/engine.js';

/** Workflow documents kept by id and revision. */
const DOCUMENT_CACHE_SIZE = 200;

/** The SQLite writer and the connection's transaction control. */
export interface SqliteWriter {
  writer: EngineWriter;
  /** Starts a transaction (its commit survives a crash of the process, not yet of the machine). */
  begin(): void;
  /**
   * Makes every commit so far durable: fsyncs the WAL file on libuv's thread pool, so the event
   * loop keeps serving while the disk flushes (SQLite's own FULL mode would block it for the
   * whole fsync). Concurrent callers share one fsync; a caller arriving during an fsync waits
   * for the next one, which covers its commit.
   */
  sync(): Promise<void>;
  commit(): void;
  rollback(): void;
  close(): void;
}

/** Opens a second connection to `file` and prepares the hot-path statements. */
export function openSqliteWriter(file: string): SqliteWriter {
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Commits write the WAL without waiting for the disk; `sync()` flushes it (group commit).
  sqlite.pragma('synchronous = NORMAL');
  // A checkpoint copies the WAL into the database file and syncs it, on this (the event loop's)
  // thread: every ~40 MB of WAL instead of SQLite's default ~4 MB costs fewer, larger ones.
  sqlite.pragma('wal_autocheckpoint = 10000');
  const wal = createWalSync(`${file}-wal`);
  const statements = {
    workflow: sqlite.prepare('SELECT id, tenant_id, active, revision FROM workflows WHERE id = ?'),
    hookWorkflow: sqlite.prepare('SELECT id, tenant_id, active, revision FROM workflows WHERE hook_key = ?'),
    tenantWorkflow: sqlite.prepare(
      'SELECT id, tenant_id, active, revision FROM workflows WHERE id = ? AND tenant_id = ?',
    ),
    workflowDocument: sqlite.prepare('SELECT document FROM workflows WHERE id = ? AND revision = ?'),
    versionDocument: sqlite.prepare('SELECT document FROM workflow_versions WHERE workflow_id = ? AND revision = ?'),
    insertVersion: sqlite.prepare(
      `INSERT INTO workflow_versions (workflow_id, revision, tenant_id, document, created_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (workflow_id, revision) DO NOTHING`,
    ),
    insertEvent: sqlite.prepare(
      `INSERT INTO trigger_events (workflow_id, dedupe_key, tenant_id, execution_id, created_at)
       VALUES (?, ?, ?, ?, ?) ON CONFLICT (workflow_id, dedupe_key) DO NOTHING`,
    ),
    findEvent: sqlite.prepare('SELECT execution_id FROM trigger_events WHERE workflow_id = ? AND dedupe_key = ?'),
    insertExecution: sqlite.prepare(
      `INSERT INTO executions (id, tenant_id, workflow_id, workflow_revision, status, "trigger",
         trigger_data, error, dedupe_key, resume_at, lease_until, cursor, attempt, rerun_of, started_at,
         finished_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?, NULL, ?, NULL, ?, ?, ?, ?, ?, ?)`,
    ),
    saveStepRun: sqlite.prepare(
      `INSERT INTO step_runs (execution_id, step_id, status, input, output, error, attempts, started_at, finished_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (execution_id, step_id) DO UPDATE SET status = excluded.status, input = excluded.input,
         output = excluded.output, error = excluded.error, attempts = excluded.attempts,
         started_at = excluded.started_at, finished_at = excluded.finished_at`,
    ),
    claim: sqlite.prepare(
      `UPDATE executions SET status = 'running', lease_until = ?, resume_at = NULL, attempt = attempt + 1,
         started_at = COALESCE(started_at, ?), updated_at = ?
       WHERE id = ? AND (status = 'queued' OR (status = 'waiting' AND resume_at <= ?)
         OR (status = 'running' AND lease_until < ?))
       RETURNING *`,
    ),
    claimQueued: sqlite.prepare(
      `UPDATE executions SET status = 'running', lease_until = ?, attempt = 1, started_at = ?, updated_at = ?
       WHERE id = ? AND status = 'queued' AND attempt = 0`,
    ),
    finish: sqlite.prepare(
      `UPDATE executions SET status = ?, error = ?, finished_at = ?, lease_until = NULL, updated_at = ?
       WHERE id = ? AND status = 'running'`,
    ),
    wait: sqlite.prepare(
      `UPDATE executions SET status = 'waiting', resume_at = ?, cursor = ?, lease_until = NULL, updated_at = ?
       WHERE id = ? AND status = 'running'`,
    ),
    renew: sqlite.prepare("UPDATE executions SET lease_until = ?, updated_at = ? WHERE id = ? AND status = 'running'"),
    running: sqlite.prepare("SELECT 1 FROM executions WHERE id = ? AND status = 'running'"),
    begin: sqlite.prepare('BEGIN IMMEDIATE'),
    commit: sqlite.prepare('COMMIT'),
    rollback: sqlite.prepare('ROLLBACK'),
  };

  // Documents by workflow id and revision: a webhook reads four small columns, not the document.
  const documents = new Map<string, string>();
  const documentOf = (id: string, revision: number): string | undefined => {
    const key = `${id}:${revision}`;
    let text = documents.get(key);
    if (text === undefined) {
      const row = statements.workflowDocument.get(id, revision) as { document: string } | undefined;
      if (!row) return undefined;
      text = row.document;
      if (documents.size >= DOCUMENT_CACHE_SIZE) documents.delete(documents.keys().next().value as string);
      documents.set(key, text);
    }
    return text;
  };

  const toWorkflow = (row: Record<string, unknown> | undefined): EngineWorkflow | undefined => {
    if (!row) return undefined;
    const stored = documentOf(row.id as string, Number(row.revision));
    // Saved again between the two reads: read the row once more.
    if (stored === undefined) return undefined;
    let parsed: unknown;
    return {
      id: row.id as string,
      tenantId: row.tenant_id as string,
      active: Number(row.active) === 1,
      revision: Number(row.revision),
      get document() {
        parsed ??= readJson(stored);
        return parsed;
      },
      documentJson: stored,
    };
  };

  // Versions this connection already stored (a version row never changes once written).
  const knownVersions = new Set<string>();

  const writer: EngineWriter = {
    async findWorkflow(id, tenantId) {
      const row = tenantId === undefined ? statements.workflow.get(id) : statements.tenantWorkflow.get(id, tenantId);
      return toWorkflow(row as Record<string, unknown> | undefined);
    },
    async findHookWorkflow(key) {
      return toWorkflow(statements.hookWorkflow.get(key) as Record<string, unknown> | undefined);
    },
    async insertTriggerEvent(e) {
      return statements.insertEvent.run(e.workflowId, e.dedupeKey, e.tenantId, e.executionId, e.now).changes === 1;
    },
    async findTriggerEvent(workflowId, dedupeKey) {
      const row = statements.findEvent.get(workflowId, dedupeKey) as { execution_id: string | null } | undefined;
      return row && { executionId: row.execution_id };
    },
    async insertExecutions(rows) {
      for (const r of rows) {
        const version = `${r.workflowId}:${r.workflowRevision}`;
        if (!knownVersions.has(version)) {
          statements.insertVersion.run(r.workflowId, r.workflowRevision, r.tenantId, r.documentJson, r.now);
          if (knownVersions.size >= DOCUMENT_CACHE_SIZE) knownVersions.clear();
          knownVersions.add(version);
        }
        const notRun = r.status === 'not_run' ? r.now : null;
        statements.insertExecution.run(
          r.id,
          r.tenantId,
          r.workflowId,
          r.workflowRevision,
          r.status,
          r.trigger,
          writeAny(r.triggerData),
          r.dedupeKey,
          r.claim?.leaseUntil ?? null,
          r.claim ? 1 : 0,
          r.rerunOf ?? null,
          r.claim ? r.now : notRun,
          notRun,
          r.now,
          r.now,
        );
      }
    },
    async saveStepRun(run: StepRunRecord) {
      statements.saveStepRun.run(
        run.executionId,
        run.stepId,
        run.status,
        writeAny(run.input),
        writeAny(run.output),
        run.error === null ? null : withoutNul(run.error),
        run.attempts,
        run.startedAt,
        run.finishedAt,
      );
    },
    async claim(id, now, leaseUntil) {
      const row = statements.claim.get(leaseUntil, now, now, id, now, now) as Database['executions'] | undefined;
      if (!row) return undefined;
      // The runner compiles a plan once per workflow revision: read the document only when asked.
      let document: unknown;
      const record = toRecord(row, null);
      Object.defineProperty(record, 'document', {
        enumerable: true,
        get() {
          const version = statements.versionDocument.get(row.workflow_id, row.workflow_revision) as
            | { document: string }
            | undefined;
          document ??= version ? readJson(version.document) : null;
          return document;
        },
      });
      return record;
    },
    async claimQueued(id, now, leaseUntil) {
      return statements.claimQueued.run(leaseUntil, now, now, id).changes === 1;
    },
    async claimMany(ids, now, leaseUntil) {
      const records = [];
      for (const id of ids) {
        const record = await writer.claim(id, now, leaseUntil);
        if (record) records.push(record);
      }
      return records;
    },
    async finish(id, status, error, now) {
      // As Kysely's queries do (store/nul-free.ts): a text column keeps no U+0000 on either database.
      return statements.finish.run(status, error === null ? null : withoutNul(error), now, now, id).changes === 1;
    },
    async finishWithStep(step, id, status, error, now) {
      if (step) await writer.saveStepRun(step);
      return writer.finish(id, status, error, now);
    },
    async finishMany(items) {
      const ended = new Set<string>();
      for (const i of items) if (await writer.finishWithStep(i.step, i.id, i.status, i.error, i.now)) ended.add(i.id);
      return ended;
    },
    async wait(id, resumeAt, cursor, now) {
      return statements.wait.run(resumeAt, JSON.stringify(cursor), now, id).changes === 1;
    },
    async renewLease(id, leaseUntil, now) {
      return statements.renew.run(leaseUntil, now, id).changes === 1;
    },
    async isRunning(id) {
      return statements.running.get(id) !== undefined;
    },
    async renewWithStep(step, id, leaseUntil, now) {
      if (step) await writer.saveStepRun(step);
      return leaseUntil === null ? writer.isRunning(id) : writer.renewLease(id, leaseUntil, now);
    },
    async renewMany(items) {
      const running = new Set<string>();
      for (const i of items) if (await writer.renewWithStep(i.step, i.id, i.leaseUntil, i.now)) running.add(i.id);
      return running;
    },
  };

  return {
    writer,
    begin: () => statements.begin.run(),
    sync: wal.sync,
    commit: () => statements.commit.run(),
    rollback: () => {
      // Versions written in the rolled-back transaction are gone again.
      knownVersions.clear();
      if (sqlite.inTransaction) statements.rollback.run();
    },
    close: () => {
      sqlite.close();
      wal.close();
    },
  };
}

/** Coalescing asynchronous fsync of the WAL file. */
function createWalSync(path: string) {
  let fd: number | undefined;
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  const flush = () =>
    new Promise<void>((resolve, reject) => {
      // Opened at the first sync: the WAL file exists once something was committed.
      fd ??= openSync(path, 'r');
      fsync(fd, (error) => (error ? reject(error) : resolve()));
    });
  const sync = (): Promise<void> => {
    if (!running) {
      running = flush().finally(() => {
        running = undefined;
      });
      return running;
    }
    // An fsync already started may not cover this commit: join the one after it.
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        return sync();
      });
    return next;
  };
  return {
    sync,
    close(): void {
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    },
  };
}
