/**
 * What a control that an issue blocks says about it (editor-core 4.2): the first activation
 * problem, with its step's name, and how many more the Workflow Issues list holds. The ON/OFF
 * switch and the Share button both say it, each after its own lead.
 */
import type { Issue } from './types.js';

/**
 * The first blocking problem in words: '{step}: {text}', then ' (n more in Workflow Issues)'
 * when there are more; '' when nothing blocks. `stepNameOf` names a problem's step (undefined
 * for a problem of the whole workflow, or a step without a name).
 *
 * @example
 * firstBlockerText([{ code: 'missing-field', stepId: 's2', text: 'Contact is required.' }], () => 'Update contact');
 * // 'Update contact: Contact is required.'
 */
export function firstBlockerText(
  problems: readonly Pick<Issue, 'stepId' | 'text'>[],
  stepNameOf: (stepId: string) => string | undefined,
): string {
  const [first] = problems;
  if (!first) return '';
  const stepName = first.stepId ? stepNameOf(first.stepId) : undefined;
  const more = problems.length > 1 ? ` (${problems.length - 1} more in Workflow Issues)` : '';
  return `${stepName ? `${stepName}: ` : ''}${first.text}${more}`;
}

/**
 * Why the Share button is disabled while an issue blocks activation: "Can't share — " and
 * {@link firstBlockerText}; '' when nothing blocks.
 *
 * @example shareBlockedText(problems, nameOf) // "Can't share — Filter: The filter has an empty rule."
 */
export function shareBlockedText(
  problems: readonly Pick<Issue, 'stepId' | 'text'>[],
  stepNameOf: (stepId: string) => string | undefined,
): string {
  const reason = firstBlockerText(problems, stepNameOf);
  return reason ? `Can't share — ${reason}` : '';
}

/**
 * Why the ON/OFF switch cannot be turned ON: "Can't switch ON — " and
 * {@link firstBlockerText}; '' when nothing blocks.
 *
 * @example switchBlockedText(problems, nameOf) // "Can't switch ON — POST: Test data error."
 */
export function switchBlockedText(
  problems: readonly Pick<Issue, 'stepId' | 'text'>[],
  stepNameOf: (stepId: string) => string | undefined,
): string {
  const reason = firstBlockerText(problems, stepNameOf);
  return reason ? `Can't switch ON — ${reason}` : '';
}
