/**
 * A run's state in words a user reads: 'This run has already succeeded.', 'Finished in 1.2 s'.
 * The one place a message says what state a run is in or how long it took (the server's
 * refusals, the screens' lists), so every run reads the same wherever it is explained.
 */

/** What a run that is past `status` has done, after 'This run ' (the contract's ExecutionStatus). */
const RUN_STATE_WORDS: Readonly<Record<string, string>> = {
  queued: 'is still queued',
  running: 'is still running',
  waiting: 'is waiting',
  succeeded: 'has already succeeded',
  failed: 'has already failed',
  filtered: 'has already ended: a filter stopped it',
  cancelled: 'was already cancelled',
  not_run: 'did not run: the workflow was OFF',
};

/**
 * The sentence that says which state a run is in; an unknown status reads 'This run has already
 * ended.' (a status added later still gets a sentence a user understands).
 *
 * @example runStateSentence('succeeded') // 'This run has already succeeded.'
 * @example runStateSentence('not_run') // 'This run did not run: the workflow was OFF.'
 */
export function runStateSentence(status: string): string {
  return `This run ${RUN_STATE_WORDS[status] ?? 'has already ended'}.`;
}

/**
 * How long an ended run took, in words: 'Finished in 1.2 s' (or '42 s', '2 min 5 s',
 * '1 h 3 min', 'under 0.1 s'); '' while it has not finished (or a time is not a date).
 *
 * @example runDurationText('2026-11-24T18:05:09.000Z', '2026-11-24T18:05:10.200Z') // 'Finished in 1.2 s'
 */
export function runDurationText(startedAt: string, finishedAt: string | null | undefined): string {
  if (!finishedAt) return '';
  const ms = Date.parse(finishedAt) - Date.parse(startedAt);
  if (!Number.isFinite(ms) || ms < 0) return '';
  return `Finished in ${durationWords(ms)}`;
}

function durationWords(ms: number): string {
  if (ms < 100) return 'under 0.1 s';
  // Tenths below 10 s tell a quick run from a slow one; above, whole units are enough.
  if (ms < 10_000) return `${Number((ms / 1000).toFixed(1))} s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 === 0 ? `${minutes} min` : `${minutes} min ${seconds % 60} s`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}
