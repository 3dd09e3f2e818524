/**
 * The domain rules the services borrow from core: e-mail and password checks, the
 * new-workflow document, document validation. Kept in one place so that switching to
 * core's functions, once core exports them, is a change to this file only.
 *
 * TODO: core/src/accounts (checkPassword, e-mail check) and core/src/workflow/document
 * (createNewWorkflow, validateDocument) were not yet exported when this was written; the
 * fallbacks below follow the same spec places.
 */
import { type CoreEnv, createStepData, type WorkflowDocument, WORKFLOW_SCHEMA_VERSION } from '@junction/core';
import { findPasswordProblem } from '../security/passwords.js';

/** A validation error: JSON path from the request body (`document.steps.0.id`) and message. */
export interface FieldError {
  field: string;
  message: string;
}

// The WHATWG "valid e-mail address" pattern, with a dot required in the domain
// (onboarding-and-extras 5 "Other": a standard pattern).
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** Answers whether an e-mail address is well formed (onboarding-and-extras 5). */
export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL_PATTERN.test(email);
}

/** The first password rule `password` breaks (the spec's exact message), or null. */
export function checkPasswordRules(password: string): string | null {
  return findPasswordProblem(password);
}

/**
 * Builds the document of a new workflow (editor-core 4.6): inactive, a trigger placeholder
 * 'Click to Add Trigger' at x 220, y 40 and an action placeholder 'Click to Add Action' at
 * y 240, joined by one link.
 */
export function buildNewWorkflow(env: CoreEnv, input: { name: string }): WorkflowDocument {
  const triggerId = env.newId();
  const actionId = env.newId();
  return {
    schemaVersion: WORKFLOW_SCHEMA_VERSION,
    id: env.newId(),
    name: input.name,
    active: false,
    steps: [
      { id: triggerId, kind: 'trigger', position: { x: 220, y: 40 }, data: createStepData({ name: 'Click to Add Trigger' }) },
      { id: actionId, kind: 'action', position: { x: 220, y: 240 }, data: createStepData({ name: 'Click to Add Action' }) },
    ],
    links: [{ id: env.newId(), source: triggerId, target: actionId, name: '', groups: [], delaySeconds: 0 }],
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks that `input` has the shape of a stored workflow document; answers the errors with
 * JSON paths under `document`, or the document when there are none.
 */
export function checkDocument(input: unknown): { ok: true; document: WorkflowDocument } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  if (!isObject(input)) return { ok: false, errors: [{ field: 'document', message: 'The document must be an object.' }] };
  if (input.schemaVersion !== WORKFLOW_SCHEMA_VERSION) {
    errors.push({ field: 'document.schemaVersion', message: `The schema version must be ${WORKFLOW_SCHEMA_VERSION}.` });
  }
  if (typeof input.id !== 'string' || input.id === '') errors.push({ field: 'document.id', message: 'The id must be a non-empty string.' });
  if (typeof input.name !== 'string') errors.push({ field: 'document.name', message: 'The name must be a string.' });
  if (typeof input.active !== 'boolean') errors.push({ field: 'document.active', message: 'Active must be true or false.' });
  const stepIds = new Set<string>();
  if (!Array.isArray(input.steps)) {
    errors.push({ field: 'document.steps', message: 'Steps must be a list.' });
  } else {
    input.steps.forEach((step, i) => {
      const at = `document.steps.${i}`;
      if (!isObject(step)) return errors.push({ field: at, message: 'A step must be an object.' });
      if (typeof step.id !== 'string' || step.id === '') errors.push({ field: `${at}.id`, message: 'The id must be a non-empty string.' });
      else if (stepIds.has(step.id)) errors.push({ field: `${at}.id`, message: `The step id ${step.id} is used twice.` });
      else stepIds.add(step.id);
      if (!['trigger', 'action', 'filter', 'loopEnd'].includes(step.kind as string)) {
        errors.push({ field: `${at}.kind`, message: 'The kind must be trigger, action, filter or loopEnd.' });
      }
      if (!isObject(step.position) || typeof step.position.x !== 'number' || typeof step.position.y !== 'number') {
        errors.push({ field: `${at}.position`, message: 'The position must have numbers x and y.' });
      }
      if (!isObject(step.data)) errors.push({ field: `${at}.data`, message: 'The data must be an object.' });
    });
  }
  if (!Array.isArray(input.links)) {
    errors.push({ field: 'document.links', message: 'Links must be a list.' });
  } else {
    input.links.forEach((link, i) => {
      const at = `document.links.${i}`;
      if (!isObject(link)) return errors.push({ field: at, message: 'A link must be an object.' });
      if (typeof link.id !== 'string' || link.id === '') errors.push({ field: `${at}.id`, message: 'The id must be a non-empty string.' });
      for (const end of ['source', 'target'] as const) {
        if (typeof link[end] !== 'string' || !stepIds.has(link[end])) {
          errors.push({ field: `${at}.${end}`, message: `The ${end} must be the id of a step in this workflow.` });
        }
      }
    });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, document: input as unknown as WorkflowDocument };
}
