/**
 * How `junction validate` and `junction migrate` report: per-file text lines (✓/✗ with JSON
 * paths, the default), or one JSON document on stdout (`--format json`) for scripts. `--quiet`
 * keeps only errors: failed files, unusable inputs and unreadable folders.
 */

/** Where a command writes its report, and the folder relative paths are shown from. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
}

/** One error or warning about a document, located by a JSON path (and line/column for bad JSON). */
export interface ReportItem {
  path: string;
  message: string;
  code?: string;
  line?: number;
  column?: number;
}

/** The outcome for one file. */
export interface FileEntry {
  /** The file as shown: relative to the working folder when inside it. */
  file: string;
  status: 'valid' | 'legacy' | 'migrated' | 'current' | 'invalid';
  /** The text report's parenthesised note, e.g. "v0 → v1, wrote out/a.json". */
  note?: string;
  /** Where the migrated document goes (shown path), written or not. */
  output?: string;
  /** The copy of the original kept by `--backup` (shown path). */
  backup?: string;
  written?: boolean;
  errors: ReportItem[];
  warnings: ReportItem[];
}

/** Receives a command's findings in order and prints them in one format. */
export interface Reporter {
  /** An input that could not be used, or a folder that could not be read. */
  problem(input: string, message: string): void;
  /** A symbolic link that was not followed. */
  skippedLink(file: string, reason: string): void;
  file(entry: FileEntry): void;
  /** The end: the summary line (text) and its numbers (JSON). */
  finish(summaryLine: string, summary: Record<string, number | boolean>): void;
}

/** Report formats `--format` accepts. */
export const REPORT_FORMATS = ['text', 'json'] as const;
/** One of {@link REPORT_FORMATS}. */
export type ReportFormat = (typeof REPORT_FORMATS)[number];

const OK = '✓';
const BAD = '✗';
const WARN = '!';

/** The human-readable report (the default). */
export class TextReporter implements Reporter {
  constructor(
    private readonly io: CliIo,
    private readonly isQuiet: boolean,
  ) {}

  problem(input: string, message: string): void {
    this.io.stdout(`${BAD} ${input}\n    ${message}\n`);
  }

  skippedLink(file: string, reason: string): void {
    if (!this.isQuiet) this.io.stdout(`${WARN} ${file}  skipped: ${reason}\n`);
  }

  file(entry: FileEntry): void {
    if (entry.status === 'invalid') {
      const lines = entry.errors.map((e) => `    ${BAD} ${e.path}  ${e.message}\n`).join('');
      this.io.stdout(`${BAD} ${entry.file}\n${lines}`);
      return;
    }
    if (this.isQuiet) return;
    const lines = entry.warnings.map((w) => `    ${WARN} ${w.path}  ${w.message}\n`).join('');
    this.io.stdout(`${OK} ${entry.file}${entry.note ? ` (${entry.note})` : ''}\n${lines}`);
  }

  finish(summaryLine: string): void {
    if (!this.isQuiet) this.io.stdout(`\n${summaryLine}\n`);
  }
}

/** The machine-readable report: one JSON document written at the end. */
export class JsonReporter implements Reporter {
  private readonly problems: { input: string; message: string }[] = [];
  private readonly skippedLinks: { file: string; reason: string }[] = [];
  private readonly files: FileEntry[] = [];

  constructor(
    private readonly io: CliIo,
    private readonly command: string,
    private readonly isQuiet: boolean,
  ) {}

  problem(input: string, message: string): void {
    this.problems.push({ input, message });
  }

  skippedLink(file: string, reason: string): void {
    this.skippedLinks.push({ file, reason });
  }

  file(entry: FileEntry): void {
    if (!this.isQuiet || entry.status === 'invalid') {
      const { note: _note, ...rest } = entry;
      this.files.push(rest);
    }
  }

  finish(_summaryLine: string, summary: Record<string, number | boolean>): void {
    const report = {
      command: this.command,
      summary,
      problems: this.problems,
      skippedLinks: this.skippedLinks,
      files: this.files,
    };
    this.io.stdout(`${JSON.stringify(report, null, 2)}\n`);
  }
}

/** The reporter for a command's `--format` and `--quiet`. */
export function createReporter(io: CliIo, command: string, format: ReportFormat, isQuiet: boolean): Reporter {
  return format === 'json' ? new JsonReporter(io, command, isQuiet) : new TextReporter(io, isQuiet);
}
