/**
 * The sections of a step panel's stepper and their states (editor-core 2.8, 4.8 "Panel flow",
 * 5.2): App → Event → Account (only when the app needs one) → set-up → Test; which are
 * enabled, which allow Continue, which are done. Pure over step data, so the panel shows what
 * the issues list and the activation rule say: a failed or stale test is never done.
 */
import { isBlankFieldValue } from './issues.js';
import { testStateOf } from './test-state.js';
import type { StepData } from './types.js';

/** A section of the stepper, in order. */
export type StepSection = 'app' | 'event' | 'account' | 'setup' | 'test';

/** The sections a step shows: Account only when its app needs an account (editor-core 2.8). */
export function stepSections(data: Pick<StepData, 'hasauth'>): StepSection[] {
  return data.hasauth ? ['app', 'event', 'account', 'setup', 'test'] : ['app', 'event', 'setup', 'test'];
}

/** The section a panel opens on: App for a placeholder, Event until one is chosen, else set-up. */
export function firstSection(data: Pick<StepData, 'type' | 'action'>): StepSection {
  if (data.type === '') return 'app';
  return data.action === '' ? 'event' : 'setup';
}

/** Whether a section can be opened (editor-core 4.8 "Panel flow"). */
export function isSectionEnabled(data: StepData, section: StepSection): boolean {
  const hasApp = data.type !== '';
  const hasEvent = data.action !== '';
  if (section === 'app') return true;
  if (section === 'event') return hasApp;
  if (section === 'account') return hasApp && hasEvent;
  return hasApp && hasEvent && (!data.hasauth || data.credential !== null);
}

/** Whether Continue is allowed in a section (editor-core 5.2); never while a test runs. */
export function canContinueSection(data: StepData, section: StepSection, isTesting = false): boolean {
  if (section === 'app') return data.type !== '';
  if (section === 'event') return data.action !== '';
  if (section === 'account') return data.credential !== null;
  if (section === 'setup') return !isTesting;
  return true;
}

/** The section Continue moves to, when there is one and it is enabled. */
export function nextSection(data: StepData, section: StepSection): StepSection | undefined {
  const sections = stepSections(data);
  const next = sections[sections.indexOf(section) + 1];
  return next && isSectionEnabled(data, next) ? next : undefined;
}

/** The required fields still without a value (set-up is done when none are left). */
export function missingRequiredFields(data: Pick<StepData, 'fields'>): StepData['fields'] {
  return data.fields.filter((field) => field.required && isBlankFieldValue(field.value));
}

/**
 * Whether a section is done (its bullet shows ✓): the test only with a current, good sample
 * (editor-core 4.8), set-up with an event and every required field filled.
 */
export function isSectionDone(data: StepData, section: StepSection): boolean {
  if (section === 'app') return data.type !== '';
  if (section === 'event') return data.action !== '';
  if (section === 'account') return data.credential !== null;
  if (section === 'test') return testStateOf(data).status === 'tested';
  return data.action !== '' && missingRequiredFields(data).length === 0;
}
