/**
 * File handling for `junction validate` and `junction migrate`: finding JSON documents,
 * reading them with readable failures, and writing results atomically.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

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

/** An input that could not be used (missing, unreadable, not a file or folder). */
export interface InputProblem {
  input: string;
  message: string;
}

async function walk(dir: string, root: string, out: FoundFile[]): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    // Hidden entries include our own temporary files; node_modules is never a document store.
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await walk(full, root, out);
    else if (
      entry.name.endsWith('.json') &&
      (entry.isFile() || (entry.isSymbolicLink() && (await stat(full).catch(() => null))?.isFile()))
    ) {
      out.push({ file: full, root, relative: path.relative(root, full) });
    }
  }
}

/**
 * Expands command-line inputs into JSON files: a file stands for itself, a folder is walked
 * recursively for `*.json` (sorted, skipping hidden entries and node_modules). Each file is
 * listed once even when inputs overlap.
 */
export async function collectJsonFiles(
  inputs: string[],
  cwd: string,
): Promise<{ files: FoundFile[]; problems: InputProblem[] }> {
  const files: FoundFile[] = [];
  const problems: InputProblem[] = [];
  const seen = new Set<string>();
  for (const input of inputs) {
    const abs = path.resolve(cwd, input);
    const info = await stat(abs).catch((err: NodeJS.ErrnoException) => err);
    if (info instanceof Error) {
      problems.push({ input, message: info.code === 'ENOENT' ? 'no such file or folder' : info.message });
      continue;
    }
    const found: FoundFile[] = [];
    if (info.isDirectory()) await walk(abs, abs, found);
    else if (info.isFile()) found.push({ file: abs, root: abs, relative: path.basename(abs) });
    else problems.push({ input, message: 'not a file or folder' });
    for (const f of found) {
      if (seen.has(f.file)) continue;
      seen.add(f.file);
      files.push(f);
    }
  }
  return { files, problems };
}

/** Reads and parses a JSON file; failures come back as a message, never thrown. */
export async function readJsonFile(
  file: string,
): Promise<{ ok: true; value: unknown; text: string } | { ok: false; message: string }> {
  try {
    const info = await stat(file);
    if (info.size > MAX_DOCUMENT_BYTES)
      return { ok: false, message: `file is larger than ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB` };
    const text = await readFile(file, 'utf8');
    try {
      return { ok: true, value: JSON.parse(text), text };
    } catch (err) {
      return { ok: false, message: `invalid JSON: ${(err as Error).message}` };
    }
  } catch (err) {
    return { ok: false, message: `cannot read the file: ${(err as Error).message}` };
  }
}

/**
 * Writes a file atomically: the text goes to a temporary file in the same folder, is flushed,
 * and is renamed over the target, so a reader sees the old or the new file, never half of one.
 * An existing target keeps its permission bits.
 */
export async function writeFileAtomic(file: string, text: string): Promise<void> {
  const dir = path.dirname(file);
  await mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const previous = await stat(file).catch(() => null);
  try {
    const handle = await open(temp, 'wx', previous ? previous.mode & 0o777 : 0o666);
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}
