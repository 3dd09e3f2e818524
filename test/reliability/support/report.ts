/**
 * Scale (short or long form) and figures: every scenario prints its figures as a table (never
 * a pass/fail on timing) and appends them to `${tmpdir}/junction-reliability/last-{form}.jsonl`,
 * which RELIABILITY.md's tables are copied from.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** RELIABILITY_LONG=1 runs the long form. */
export const LONG = process.env.RELIABILITY_LONG === '1';
export const FORM = LONG ? 'long' : 'short';

/** The short or the long value. */
export function scaled<T>(short: T, long: T): T {
  return LONG ? long : short;
}

/** Where the figures go. */
export const RESULTS_FILE = path.join(os.tmpdir(), 'junction-reliability', `last-${FORM}.jsonl`);

type Cell = string | number | boolean | undefined;

function format(value: Cell): string {
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : value.toFixed(1);
  return value === undefined ? '' : String(value);
}

/** Prints `rows` as a Markdown table under `title` and records them. */
export function report(title: string, rows: Record<string, Cell>[]): void {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const lines = [
    `\n### ${title} (${FORM} form)`,
    `| ${columns.join(' | ')} |`,
    `| ${columns.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${columns.map((c) => format(r[c])).join(' | ')} |`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  appendFileSync(RESULTS_FILE, `${JSON.stringify({ at: new Date().toISOString(), title, rows })}\n`);
}

/** Resident memory of this process in MiB. */
export function rssMb(): number {
  return process.memoryUsage().rss / 1024 / 1024;
}
