/**
 * Health badges of step cards (onboarding 4 "Node health badges").
 */
import type { Step, StepData } from './types.js';

/** A step card's badge: error (red), warning (orange) or ok (green). */
export type StepHealth = 'error' | 'warning' | 'ok';

/** The badge colour of each health (onboarding 4). */
export const HEALTH_COLORS: Readonly<Record<StepHealth, 'red' | 'orange' | 'green'>> = {
  error: 'red',
  warning: 'orange',
  ok: 'green',
};

/** Whether the step's app needs authentication and no credential is chosen. */
export function isMissingCredential(data: StepData): boolean {
  return data.hasauth && !data.credential;
}

/** Whether the step has sample output from a test (testData is neither null nor undefined). */
export function hasTestData(data: StepData): boolean {
  return data.testData !== null && data.testData !== undefined;
}

/**
 * The health of an action card (onboarding 4): error when the app needs authentication
 * and has no credential, warning when there is no test data, ok otherwise.
 */
export function actionHealth(step: Step): StepHealth {
  if (isMissingCredential(step.data)) return 'error';
  if (!hasTestData(step.data)) return 'warning';
  return 'ok';
}

/**
 * The health of a trigger card (onboarding 4): error when authentication is missing, no
 * event is chosen, there is neither a trigger message nor any trigger choice, or test data
 * is missing; ok otherwise.
 *
 * "The trigger message or choices are missing" is read as "neither is present": a polling
 * trigger has choices before it is switched on and a message only afterwards, so requiring
 * both would keep every inactive trigger red.
 */
export function triggerHealth(step: Step): 'error' | 'ok' {
  const data = step.data;
  if (isMissingCredential(data)) return 'error';
  if (!data.action) return 'error';
  const hasMessage = typeof data.triggerMessage === 'string' && data.triggerMessage.trim() !== '';
  const hasChoices = Array.isArray(data.triggerChoices) && data.triggerChoices.length > 0;
  if (!hasMessage && !hasChoices) return 'error';
  if (!hasTestData(data)) return 'error';
  return 'ok';
}

/** The health of any step: trigger and action rules by kind; filters and loop ends are ok. */
export function stepHealth(step: Step): StepHealth {
  if (step.kind === 'trigger') return triggerHealth(step);
  if (step.kind === 'action') return actionHealth(step);
  return 'ok';
}
