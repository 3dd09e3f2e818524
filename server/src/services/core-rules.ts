/**
 * The domain rules the services borrow from core: e-mail and password checks, the
 * new-workflow document, document validation. Kept in one place so that switching to
 * core's functions, once core exports them, is a change to this file only.
 *
 * TODO: core's `checkPassword`, `isValidEmail` (core/src/accounts) and `createNewWorkflow`
 * (core/src/workflow/template.ts) were not yet exported from '@junction/core' when this was
 * written; the fallbacks below follow the same spec places and should become re-exports.
 */
import {
  type CoreEnv,
  createStepData,
  validateDocument,
  WORKFLOW_SCHEMA_VERSION,
  type WorkflowDocument,
} from '@junction/core';
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
      {
        id: triggerId,
        kind: 'trigger',
        position: { x: 220, y: 40 },
        data: createStepData({ name: 'Click to Add Trigger' }),
      },
      {
        id: actionId,
        kind: 'action',
        position: { x: 220, y: 240 },
        data: createStepData({ name: 'Click to Add Action' }),
      },
    ],
    links: [{ id: env.newId(), source: triggerId, target: actionId, name: '', groups: [], delaySeconds: 0 }],
  };
}

/**
 * Validates a workflow document with core's `validateDocument` (the same check the editor
 * runs); answers a clean copy, or the errors with their JSON paths rebased from the
 * document (`$.steps[3].id`) onto the request body (`document.steps[3].id`).
 */
export function checkDocument(
  input: unknown,
): { ok: true; document: WorkflowDocument } | { ok: false; errors: FieldError[] } {
  const result = validateDocument(input);
  if (result.ok) return result;
  return {
    ok: false,
    errors: result.errors.map((error) => ({ field: error.path.replace(/^\$/, 'document'), message: error.message })),
  };
}
