/**
 * `junction migrate --database`: brings every stored workflow document of an installation to
 * the current format through core's migrateDocument (legacy records converted, current ones
 * validated), in batches, writing only the documents that change.
 *
 * Resumable: after each batch the last workflow id is saved in the database (`ops_progress`),
 * so a run that was killed continues after it; a document written just before the kill is
 * found current on the next pass and left alone. `dryRun` reads and reports, writes nothing
 * and saves no progress.
 */
import { isDeepStrictEqual } from 'node:util';
import { migrateDocument } from '@junction/core';
import type { DbHandle } from '../store/create-db.js';
import {
  clearProgress,
  countWorkflows,
  listDocumentsAfter,
  readProgress,
  saveProgress,
} from '../store/repos/transfer.js';
import { createWorkflowsRepo } from '../store/repos/workflows.js';

/** The progress row's job name. */
export const DOCUMENT_UPGRADE_JOB = 'document-upgrade';

/** Options of upgradeStoredDocuments. */
export interface UpgradeOptions {
  /** Report what would change; write nothing. */
  dryRun?: boolean;
  /** Documents read per batch; default 200. */
  batchSize?: number;
  /** Called after each batch with the documents looked at so far (this run and the runs it resumes) and the total. */
  onBatch?: (done: number, total: number) => void;
  now?: () => Date;
}

/** One document that could not be migrated. */
export interface UpgradeFailure {
  id: string;
  tenantId: string;
  name: string;
  reason: string;
}

/** What an upgrade did. */
export interface UpgradeReport {
  isDryRun: boolean;
  /** The workflow id a resumed run started after; undefined for a fresh run. */
  resumedAfter?: string;
  /** Counts over the whole job, including the runs it resumes. */
  seen: number;
  changed: number;
  unchanged: number;
  /** Documents converted from the legacy format (among `changed`). */
  fromLegacy: number;
  /** Documents this run could not migrate (left as stored). */
  failed: UpgradeFailure[];
  /** Changed documents (this run): id and the migration's warnings. */
  changes: { id: string; name: string; fromVersion: number; warnings: string[] }[];
}

/**
 * Upgrades the stored workflow documents; answers the report.
 *
 * @example
 * const report = await upgradeStoredDocuments(handle, { dryRun: true });
 * console.log(`${report.changed} of ${report.seen} would change`);
 */
export async function upgradeStoredDocuments(handle: DbHandle, options: UpgradeOptions = {}): Promise<UpgradeReport> {
  const isDryRun = options.dryRun === true;
  const batchSize = options.batchSize ?? 200;
  const now = () => (options.now ?? (() => new Date()))().toISOString();
  const saved = isDryRun ? undefined : await readProgress(handle.db, DOCUMENT_UPGRADE_JOB);
  const counts = { seen: 0, changed: 0, unchanged: 0, failed: 0, fromLegacy: 0, ...saved?.counts };
  const startedAt = saved?.startedAt ?? now();
  const report: UpgradeReport = {
    isDryRun,
    ...(saved ? { resumedAfter: saved.cursor } : {}),
    seen: 0,
    changed: 0,
    unchanged: 0,
    fromLegacy: 0,
    failed: [],
    changes: [],
  };
  const workflows = createWorkflowsRepo(handle.db);
  const total = await countWorkflows(handle.db);
  let cursor = saved?.cursor ?? '';
  for (;;) {
    const rows = await listDocumentsAfter(handle.db, cursor, batchSize);
    if (rows.length === 0) break;
    for (const row of rows) {
      counts.seen += 1;
      const result = migrateDocument(row.document);
      if (!result.ok) {
        counts.failed += 1;
        const first = result.errors[0];
        report.failed.push({
          id: row.id,
          tenantId: row.tenantId,
          name: row.name,
          reason: `${first?.path ?? '$'}: ${first?.message ?? 'invalid'}`,
        });
        continue;
      }
      const stored = await workflows.get(row.tenantId, row.id);
      // The ON/OFF switch stays the stored one: only activation changes it (its checks run there).
      const document = { ...result.document, id: row.id, active: stored?.active ?? false };
      if (isDeepStrictEqual(document, row.document)) {
        counts.unchanged += 1;
        continue;
      }
      counts.changed += 1;
      if (result.fromVersion === 0) counts.fromLegacy += 1;
      report.changes.push({
        id: row.id,
        name: row.name,
        fromVersion: result.fromVersion,
        warnings: result.warnings.map((w) => `${w.path}: ${w.message}`),
      });
      if (!isDryRun) await workflows.update(row.tenantId, row.id, { name: row.name, document, updatedAt: now() });
    }
    cursor = rows.at(-1)?.id ?? cursor;
    if (!isDryRun) {
      await saveProgress(handle.db, DOCUMENT_UPGRADE_JOB, { cursor, counts, startedAt, updatedAt: now() });
    }
    options.onBatch?.(counts.seen, total);
  }
  if (!isDryRun) await clearProgress(handle.db, DOCUMENT_UPGRADE_JOB);
  return {
    ...report,
    seen: counts.seen,
    changed: counts.changed,
    unchanged: counts.unchanged,
    fromLegacy: counts.fromLegacy,
  };
}
