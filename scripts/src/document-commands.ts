/**
 * `junction validate` and `junction migrate`: per-file reports (✓/✗ with JSON paths), a
 * summary, and exit codes (0 all valid, 1 anything invalid, unreadable or unwritable).
 *
 * Files are read and converted one after another (blocking reads are the cheapest on one
 * core); `--in-place` writes, flushed before each rename, run a few at a time so their flushes
 * overlap. Files are always reported in their sorted order. The light `@junction/core/document` entry keeps start-up
 * short: no mobx, mobx-state-tree or dagre is loaded.
 */
import { constants } from 'node:fs';
import { copyFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { type DocumentError, type DocumentWarning, migrateDocument } from '@junction/core/document';
import {
  type CollectedFiles,
  collectJsonFiles,
  type FoundFile,
  readJsonFile,
  writeFileAtomic,
} from './document-files.js';
import { type CliIo, createReporter, type FileEntry, type ReportFormat, type Reporter } from './document-report.js';

export type { CliIo } from './document-report.js';

/** Options both document commands take. */
export interface ReportOptions {
  format: ReportFormat;
  /** Report errors only. */
  isQuiet: boolean;
}

/** Options of `junction migrate`. */
export interface MigrateOptions extends Partial<ReportOptions> {
  /** Folder the migrated documents are written to, mirroring the inputs' layout. */
  out?: string;
  /** Overwrite each input with its migrated document. */
  isInPlace: boolean;
  /** With `isInPlace`: keep each original that changes as `<file>.bak` beside it. */
  hasBackup?: boolean;
  /** Report only; write nothing. */
  isDryRun: boolean;
}

/** Files in flight at once: enough to overlap flushes, few enough to bound memory. */
export const FILE_CONCURRENCY = 8;

/** Suffix of the copies `--backup` keeps. */
export const BACKUP_SUFFIX = '.bak';

function shown(io: CliIo, file: string): string {
  const rel = path.relative(io.cwd, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : file;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * Runs `fn` over `items` with at most `limit` in flight and hands each result to `emit` in
 * the items' order, as soon as every earlier one is done.
 */
async function mapInOrder<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
  emit: (result: R, index: number) => void,
): Promise<void> {
  const done = new Map<number, R>();
  let next = 0;
  let emitted = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      done.set(index, await fn(items[index], index));
      while (done.has(emitted)) {
        const result = done.get(emitted) as R;
        done.delete(emitted);
        emit(result, emitted++);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Expands the inputs and reports unusable inputs, unreadable folders and skipped links. */
async function collectInputs(io: CliIo, reporter: Reporter, inputs: string[]): Promise<CollectedFiles> {
  const collected = await collectJsonFiles(inputs, io.cwd);
  for (const p of collected.problems) reporter.problem(p.input, p.message);
  for (const s of collected.skipped) reporter.skippedLink(shown(io, s.file), s.reason);
  return collected;
}

/** The summary's tail for unreadable inputs and skipped links (empty when there are none). */
function collectTail(collected: CollectedFiles): string {
  const parts: string[] = [];
  if (collected.problems.length > 0) parts.push(`${collected.problems.length} unreadable`);
  if (collected.skipped.length > 0) parts.push(`${plural(collected.skipped.length, 'link')} skipped`);
  return parts.length > 0 ? `; ${parts.join(', ')}` : '';
}

const errorItems = (errors: readonly DocumentError[]) =>
  errors.map((e) => ({ path: e.path, code: e.code, message: e.message }));
const warningItems = (warnings: readonly DocumentWarning[]) => warnings.map((w) => ({ ...w }));

/** A file that could not be read or parsed, as a report entry. */
function readDocument(io: CliIo, found: FoundFile) {
  const read = readJsonFile(found.file);
  if (read.ok) return read;
  const { line, column } = read;
  const error = { path: '$', message: read.message, ...(line !== undefined ? { line, column } : {}) };
  const entry: FileEntry = { file: shown(io, found.file), status: 'invalid', errors: [error], warnings: [] };
  return { ok: false as const, entry };
}

/**
 * Runs `junction validate`: every document must be a valid current document or a legacy one
 * that migrates cleanly (reported as such). Returns the exit code.
 */
export async function runValidate(io: CliIo, inputs: string[], options?: Partial<ReportOptions>): Promise<number> {
  const reporter = createReporter(io, 'validate', options?.format ?? 'text', options?.isQuiet ?? false);
  const collected = await collectInputs(io, reporter, inputs);
  const { files } = collected;
  let valid = 0;
  let legacy = 0;
  await mapInOrder(
    files,
    FILE_CONCURRENCY,
    async (found): Promise<FileEntry> => {
      const read = readDocument(io, found);
      if (!read.ok) return read.entry;
      const file = shown(io, found.file);
      const result = migrateDocument(read.value);
      if (!result.ok) return { file, status: 'invalid', errors: errorItems(result.errors), warnings: [] };
      if (result.fromVersion === 0)
        return {
          file,
          status: 'legacy',
          note: 'legacy format; `junction migrate` upgrades it',
          errors: [],
          warnings: warningItems(result.warnings),
        };
      return { file, status: 'valid', errors: [], warnings: [] };
    },
    (entry) => {
      if (entry.status !== 'invalid') valid++;
      if (entry.status === 'legacy') legacy++;
      reporter.file(entry);
    },
  );
  const invalid = files.length - valid + collected.problems.length;
  reporter.finish(
    `${plural(files.length, 'file')}: ${valid} valid${legacy > 0 ? ` (${legacy} legacy)` : ''}, ${invalid} invalid${collectTail(collected)}`,
    {
      ok: invalid === 0,
      files: files.length,
      valid,
      legacy,
      invalid,
      unreadable: collected.problems.length,
      skippedLinks: collected.skipped.length,
    },
  );
  return invalid > 0 ? 1 : 0;
}

/** Serialises a document the way Junction stores files: two-space JSON and a final newline. */
function toFileText(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** Where each file goes, decided up front in file order so the first of a clash wins. */
function planTargets(io: CliIo, files: readonly FoundFile[], outDir: string | undefined, isInPlace: boolean) {
  const owner = new Map<string, string>();
  return files.map((found) => {
    const target = outDir ? path.join(outDir, found.relative) : isInPlace ? found.file : undefined;
    if (target === undefined) return { target };
    const clash = owner.get(target);
    if (clash === undefined) owner.set(target, shown(io, found.file));
    return { target, clash };
  });
}

/**
 * Runs `junction migrate`: upgrades each document to the current format and writes it to
 * `--out` (mirroring the input layout) or over the input with `--in-place` (keeping the
 * original as `<file>.bak` with `--backup`), atomically. An input is never overwritten
 * without `--in-place`. Returns the exit code.
 */
export async function runMigrate(io: CliIo, inputs: string[], options: MigrateOptions): Promise<number> {
  const reporter = createReporter(io, 'migrate', options.format ?? 'text', options.isQuiet ?? false);
  const collected = await collectInputs(io, reporter, inputs);
  const { files } = collected;
  const outDir = options.out === undefined ? undefined : path.resolve(io.cwd, options.out);
  const targets = planTargets(io, files, outDir, options.isInPlace);
  // An output can only be an existing input when the out folder existed before: only then is
  // each target compared with the inputs' real paths (which costs a realpath per file).
  const outExisted = outDir !== undefined && (await stat(outDir).catch(() => null)) !== null;
  const inputsReal = outExisted
    ? new Set(await Promise.all(files.map((f) => realpath(f.file).catch(() => f.file))))
    : new Set<string>();
  const madeDirs = new Set<string>();
  const counts = { migrated: 0, current: 0, invalid: collected.problems.length, written: 0 };

  const migrateOne = async (found: FoundFile, index: number): Promise<FileEntry> => {
    const file = shown(io, found.file);
    const fail = (message: string): FileEntry => ({
      file,
      status: 'invalid',
      errors: [{ path: '$', message }],
      warnings: [],
    });
    const read = readDocument(io, found);
    if (!read.ok) return read.entry;
    const result = migrateDocument(read.value);
    if (!result.ok) return { file, status: 'invalid', errors: errorItems(result.errors), warnings: [] };
    const status = result.fromVersion === 0 ? 'migrated' : 'current';
    const entry: FileEntry = { file, status, errors: [], warnings: warningItems(result.warnings) };
    const notes = [result.fromVersion === 0 ? 'v0 → v1' : 'already v1'];
    const { target, clash } = targets[index];
    if (target === undefined) return { ...entry, note: notes.join(', ') };
    const output = shown(io, target);
    if (clash !== undefined) return fail(`output ${output} is also the output of ${clash}`);
    if (!options.isInPlace && outExisted && inputsReal.has(await realpath(target).catch(() => target)))
      return fail(`output ${output} is an input file; use --in-place to overwrite inputs`);
    entry.output = output;
    const text = toFileText(result.document);
    if (options.isInPlace && read.text === text) return { ...entry, note: [...notes, 'unchanged'].join(', ') };
    const backup = options.isInPlace && options.hasBackup ? `${found.file}${BACKUP_SUFFIX}` : undefined;
    if (backup) entry.backup = shown(io, backup);
    if (options.isDryRun) {
      notes.push(`would write ${output}${backup ? `, keeping the original as ${shown(io, backup)}` : ''}`);
      return { ...entry, note: notes.join(', ') };
    }
    if (backup) {
      try {
        // COPYFILE_EXCL: an older backup is never replaced; the input then stays as it is.
        await copyFile(found.file, backup, constants.COPYFILE_EXCL);
      } catch (err) {
        const why = (err as NodeJS.ErrnoException).code === 'EEXIST' ? 'it already exists' : (err as Error).message;
        return fail(`cannot keep the original as ${shown(io, backup)}: ${why}; the file was not changed`);
      }
    }
    try {
      // The input's own mode for --in-place; a fresh out folder has no target to inherit from.
      // Only a replaced original is flushed before its rename: --out writes new copies.
      const mode = options.isInPlace ? read.mode : outExisted ? undefined : 0o666;
      await writeFileAtomic(target, text, { mode, madeDirs, isDurable: options.isInPlace });
    } catch (err) {
      return fail(`cannot write ${output}: ${(err as Error).message}`);
    }
    entry.written = true;
    notes.push(options.isInPlace ? 'rewritten in place' : `wrote ${output}`);
    if (backup) notes.push(`original kept as ${shown(io, backup)}`);
    return { ...entry, note: notes.join(', ') };
  };

  await mapInOrder(files, FILE_CONCURRENCY, migrateOne, (entry) => {
    if (entry.status === 'invalid') counts.invalid++;
    else if (entry.status === 'migrated') counts.migrated++;
    else counts.current++;
    if (entry.written) counts.written++;
    reporter.file(entry);
  });
  const wrote = options.isDryRun ? 'dry run, nothing written' : `${plural(counts.written, 'file')} written`;
  reporter.finish(
    `${plural(files.length, 'file')}: ${counts.migrated} migrated, ${counts.current} already current, ${counts.invalid} invalid; ${wrote}${collectTail(collected)}`,
    {
      ok: counts.invalid === 0,
      files: files.length,
      ...counts,
      dryRun: options.isDryRun,
      unreadable: collected.problems.length,
      skippedLinks: collected.skipped.length,
    },
  );
  return counts.invalid > 0 ? 1 : 0;
}
