/**
 * File handling for `junction validate` and `junction migrate`: finding JSON documents,
 * reading them with readable failures, and writing results atomically.
 */
import {
  closeSync,
  type Dirent,
  fstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { open, readdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { locateJsonError } from './json-location.js';

/** Largest document file the CLI reads; bigger files are reported, not loaded. */
export const MAX_DOCUMENT_BYTES = 64 * 1024 * 1024;

/** One JSON file found from a command-line input, with the folder it was found under. */
export interface FoundFile {
  /** Absolute path of the file. */
  file: string;
  /** Absolute path of the input it came from: the file itself or the folder walked. */
  root: string;
  /** Path of the file relative to `root` ('' parent for a file input: its base name). */
  relative: string;
}

/** An input or folder that could not be used (missing, unreadable, not a file or folder). */
export interface InputProblem {
  /** The input as given, or a walked folder's path relative to the working folder. */
  input: string;
  message: string;
}

/** A symbolic link met while walking a folder and not followed. */
export interface SkippedLink {
  /** Absolute path of the link. */
  file: string;
  reason: string;
}

/** What `collectJsonFiles` found. */
export interface CollectedFiles {
  files: FoundFile[];
  problems: InputProblem[];
  skipped: SkippedLink[];
}

/** A short reason for a failed file-system call: the error code's meaning, else its message. */
export function describeFsError(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'ENOENT') return 'no such file or folder';
  if (code === 'ELOOP') return 'too many levels of symbolic links';
  return err instanceof Error ? err.message : String(err);
}

interface Walk extends CollectedFiles {
  cwd: string;
}

async function walk(dir: string, root: string, out: Walk): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (err) {
    // An unreadable subfolder is reported and the walk goes on (the summary counts it).
    out.problems.push({
      input: path.relative(out.cwd, dir) || dir,
      message: `cannot read the folder: ${describeFsError(err)}`,
    });
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    // Hidden entries include our own temporary files; node_modules is never a document store.
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await walk(full, root, out);
    else if (entry.isSymbolicLink()) {
      // Links to files are read like files; links to folders are not followed (no cycles).
      const target = await stat(full).catch((err: unknown) => err as Error);
      if (target instanceof Error)
        out.skipped.push({ file: full, reason: `broken symbolic link (${describeFsError(target)})` });
      else if (target.isDirectory())
        out.skipped.push({ file: full, reason: 'symbolic link to a folder, not followed' });
      else if (entry.name.endsWith('.json') && target.isFile())
        out.files.push({ file: full, root, relative: path.relative(root, full) });
    } else if (entry.name.endsWith('.json') && entry.isFile()) {
      out.files.push({ file: full, root, relative: path.relative(root, full) });
    }
  }
}

/**
 * Expands command-line inputs into JSON files: a file stands for itself, a folder is walked
 * recursively for `*.json` (sorted, skipping hidden entries and node_modules). Each file is
 * listed once even when inputs overlap. Unreadable folders become problems and symbolic links
 * to folders (or broken ones) are listed as skipped; neither stops the walk.
 */
export async function collectJsonFiles(inputs: string[], cwd: string): Promise<CollectedFiles> {
  const files: FoundFile[] = [];
  const problems: InputProblem[] = [];
  const skipped: SkippedLink[] = [];
  const seen = new Set<string>();
  for (const input of inputs) {
    const abs = path.resolve(cwd, input);
    const info = await stat(abs).catch((err: NodeJS.ErrnoException) => err);
    if (info instanceof Error) {
      problems.push({ input, message: describeFsError(info) });
      continue;
    }
    const found: Walk = { files: [], problems, skipped, cwd };
    if (info.isDirectory()) await walk(abs, abs, found);
    else if (info.isFile()) found.files.push({ file: abs, root: abs, relative: path.basename(abs) });
    else problems.push({ input, message: 'not a file or folder' });
    for (const f of found.files) {
      if (seen.has(f.file)) continue;
      seen.add(f.file);
      files.push(f);
    }
  }
  return { files, problems, skipped };
}

/** A file read by `readJsonFile`: the parsed value, or why not (with the place of bad JSON). */
export type ReadJson =
  | { ok: true; value: unknown; text: string; mode: number }
  | { ok: false; message: string; line?: number; column?: number };

/**
 * Reads and parses a JSON file; failures come back as a message, never thrown. A UTF-8
 * byte-order mark is accepted (and dropped). Bad JSON is reported with its line and column.
 * Synchronous on purpose: for thousands of small files, blocking reads cost a third of the
 * CPU of promise-based ones (see BENCHMARKS.md, "Document CLI").
 */
export function readJsonFile(file: string): ReadJson {
  let text: string;
  let mode: number;
  try {
    const fd = openSync(file, 'r');
    try {
      const info = fstatSync(fd);
      if (info.size > MAX_DOCUMENT_BYTES)
        return { ok: false, message: `file is larger than ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB` };
      mode = info.mode;
      text = readFileSync(fd, 'utf8');
    } finally {
      closeSync(fd);
    }
  } catch (err) {
    return { ok: false, message: `cannot read the file: ${describeFsError(err)}` };
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  try {
    return { ok: true, value: JSON.parse(text), text, mode };
  } catch (err) {
    const place = locateJsonError(text, (err as Error).message);
    if (!place) return { ok: false, message: `invalid JSON: ${(err as Error).message}` };
    return {
      ok: false,
      message: `invalid JSON at line ${place.line}, column ${place.column}: ${place.reason}`,
      line: place.line,
      column: place.column,
    };
  }
}

/** Options of `writeFileAtomic`. */
export interface WriteOptions {
  /** Permission bits for a new file; an existing target keeps its own. */
  mode?: number;
  /** Folders already known to exist (filled in as folders are made), to skip repeated mkdir. */
  madeDirs?: Set<string>;
  /**
   * Flush the new file to disk before the rename (default true). Needed when the rename
   * replaces a file that must survive a crash (an original under `--in-place`); a fresh copy
   * elsewhere can skip it: a flush per file is most of a large migration's cost.
   */
  isDurable?: boolean;
}

let tempCounter = 0;

/**
 * Writes a file atomically: the text goes to a temporary file in the same folder, is flushed
 * (unless `isDurable` is false), and is renamed over the target, so a reader sees the old or
 * the new file, never half of one. An existing target keeps its permission bits.
 */
export async function writeFileAtomic(file: string, text: string, options: WriteOptions = {}): Promise<void> {
  const dir = path.dirname(file);
  if (!options.madeDirs?.has(dir)) {
    mkdirSync(dir, { recursive: true });
    options.madeDirs?.add(dir);
  }
  // 'wx' below refuses an existing name, so a counter is as safe as random bytes.
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.${++tempCounter}.tmp`);
  const mode = options.mode ?? statSync(file, { throwIfNoEntry: false })?.mode ?? 0o666;
  try {
    if (options.isDurable === false) {
      writeFileSync(temp, text, { flag: 'wx', mode: mode & 0o777 });
      renameSync(temp, file);
      return;
    }
    // Durable writes stay asynchronous so several files' flushes overlap on the I/O threads.
    const handle = await open(temp, 'wx', mode & 0o777);
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
}
