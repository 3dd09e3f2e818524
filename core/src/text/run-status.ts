/**
 * A run's status in a sentence a user reads: 'This run has already succeeded.' The one place a
 * message says what state a run is in (the server's refusals, the screens' notes), so every
 * status reads the same wherever it is explained.
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
