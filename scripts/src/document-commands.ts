/**
 * `junction validate` and `junction migrate`: per-file reports (✓/✗ with JSON paths), a
 * summary line, and exit codes (0 all valid, 1 anything invalid or unwritable).
 */
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { type DocumentWarning, migrateDocument } from '@junction/core';
import { collectJsonFiles, type FoundFile, readJsonFile, writeFileAtomic } from './document-files.js';

/** Where a command writes its report, and the folder relative paths are shown from. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
}

/** Options of `junction migrate`. */
export interface MigrateOptions {
  /** Folder the migrated documents are written to, mirroring the inputs' layout. */
  out?: string;
  /** Overwrite each input with its migrated document. */
  isInPlace: boolean;
  /** Report only; write nothing. */
  isDryRun: boolean;
}

const OK = '✓';
const BAD = '✗';

function shown(io: CliIo, file: string): string {
  const rel = path.relative(io.cwd, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : file;
}

function printIssues(io: CliIo, items: { path: string; message: string }[], mark: string): void {
  for (const item of items) io.stdout(`    ${mark} ${item.path}  ${item.message}\n`);
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

interface Checked {
  found: FoundFile;
  ok: boolean;
}

/** Expands the inputs into JSON files, printing a ✗ block for each unusable input. */
async function collectInputs(io: CliIo, inputs: string[]) {
  const { files, problems } = await collectJsonFiles(inputs, io.cwd);
  for (const p of problems) io.stdout(`${BAD} ${p.input}\n    ${p.message}\n`);
  return { files, inputProblems: problems.length };
}

/**
 * Runs `junction validate`: every document must be a valid current document or a legacy one
 * that migrates cleanly (reported as such). Returns the exit code.
 */
export async function runValidate(io: CliIo, inputs: string[]): Promise<number> {
  const { files, inputProblems } = await collectInputs(io, inputs);
  const results: Checked[] = [];
  let legacy = 0;
  for (const found of files) {
    const read = await readJsonFile(found.file);
    const name = shown(io, found.file);
    if (!read.ok) {
      io.stdout(`${BAD} ${name}\n    ${BAD} $  ${read.message}\n`);
      results.push({ found, ok: false });
      continue;
    }
    const result = migrateDocument(read.value);
    if (!result.ok) {
      io.stdout(`${BAD} ${name}\n`);
      printIssues(io, result.errors, BAD);
    } else if (result.fromVersion === 0) {
      legacy++;
      io.stdout(`${OK} ${name} (legacy format; \`junction migrate\` upgrades it)\n`);
      printIssues(io, result.warnings, '!');
    } else {
      io.stdout(`${OK} ${name}\n`);
    }
    results.push({ found, ok: result.ok });
  }
  const valid = results.filter((r) => r.ok).length;
  const invalid = results.length - valid + inputProblems;
  io.stdout(
    `\n${plural(results.length, 'file')}: ${valid} valid${legacy > 0 ? ` (${legacy} legacy)` : ''}, ${invalid} invalid\n`,
  );
  return invalid > 0 ? 1 : 0;
}

/** Serialises a document the way Junction stores files: two-space JSON and a final newline. */
function toFileText(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/**
 * Runs `junction migrate`: upgrades each document to the current format and writes it to
 * `--out` (mirroring the input layout) or over the input with `--in-place`, atomically.
 * An input is never overwritten without `--in-place`. Returns the exit code.
 */
export async function runMigrate(io: CliIo, inputs: string[], options: MigrateOptions): Promise<number> {
  const { files, inputProblems } = await collectInputs(io, inputs);
  const outDir = options.out === undefined ? undefined : path.resolve(io.cwd, options.out);
  const inputsReal = new Set(await Promise.all(files.map((f) => realpath(f.file).catch(() => f.file))));
  const targets = new Map<string, string>();
  let migrated = 0;
  let current = 0;
  let invalid = inputProblems;
  let written = 0;
  for (const found of files) {
    const name = shown(io, found.file);
    const read = await readJsonFile(found.file);
    if (!read.ok) {
      io.stdout(`${BAD} ${name}\n    ${BAD} $  ${read.message}\n`);
      invalid++;
      continue;
    }
    const result = migrateDocument(read.value);
    if (!result.ok) {
      io.stdout(`${BAD} ${name}\n`);
      printIssues(io, result.errors, BAD);
      invalid++;
      continue;
    }
    const text = toFileText(result.document);
    const target = outDir ? path.join(outDir, found.relative) : options.isInPlace ? found.file : undefined;
    const version = result.fromVersion === 0 ? 'v0 → v1' : 'already v1';
    let note = version;
    if (target !== undefined) {
      const clash = targets.get(target);
      const targetReal = await realpath(target).catch(() => target);
      if (clash !== undefined) {
        io.stdout(`${BAD} ${name}\n    ${BAD} $  output ${shown(io, target)} is also the output of ${clash}\n`);
        invalid++;
        continue;
      }
      if (!options.isInPlace && inputsReal.has(targetReal)) {
        io.stdout(
          `${BAD} ${name}\n    ${BAD} $  output ${shown(io, target)} is an input file; use --in-place to overwrite inputs\n`,
        );
        invalid++;
        continue;
      }
      targets.set(target, name);
      const isUnchanged = options.isInPlace && read.text === text;
      if (isUnchanged) note += ', unchanged';
      else if (options.isDryRun) note += `, would write ${shown(io, target)}`;
      else {
        try {
          await writeFileAtomic(target, text);
          written++;
          note += options.isInPlace ? ', rewritten in place' : `, wrote ${shown(io, target)}`;
        } catch (err) {
          io.stdout(`${BAD} ${name}\n    ${BAD} $  cannot write ${shown(io, target)}: ${(err as Error).message}\n`);
          invalid++;
          continue;
        }
      }
    }
    if (result.fromVersion === 0) migrated++;
    else current++;
    io.stdout(`${OK} ${name} (${note})\n`);
    printIssues(io, result.warnings as DocumentWarning[], '!');
  }
  const total = files.length;
  const wrote = options.isDryRun ? 'dry run, nothing written' : `${plural(written, 'file')} written`;
  io.stdout(
    `\n${plural(total, 'file')}: ${migrated} migrated, ${current} already current, ${invalid} invalid; ${wrote}\n`,
  );
  return invalid > 0 ? 1 : 0;
}
