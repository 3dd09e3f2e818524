/**
 * The domain rules the services take from core, so browser and server apply one rule:
 * e-mail and password checks (onboarding-and-extras 5), the new-workflow document
 * (editor-core 4.6) and document validation.
 */
import { checkPassword, createNewWorkflow, validateDocument, type WorkflowDocument } from '@junction/core';

export { isValidEmail, normaliseEmail } from '@junction/core';

/** A validation error: JSON path in the request body (`document.steps[3].id`) and message. */
export interface FieldError {
  field: string;
  message: string;
}

/** The first password rule `password` breaks (core's, with the spec's exact message), or null. */
export function checkPasswordRules(password: string): string | null {
  return checkPassword(password)[0] ?? null;
}

/**
 * Builds the document of a new workflow with core's `createNewWorkflow`: inactive, a
 * trigger placeholder and an action placeholder joined by one link (editor-core 4.6).
 */
export const buildNewWorkflow: typeof createNewWorkflow = createNewWorkflow;

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
