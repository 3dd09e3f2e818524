/**
 * The design-time check of a JSON body that holds data pills (editor-core 3 "Custom HTTP
 * request action": stringBody is JSON). A reference is written by the rules of JSON when the
 * step runs (`resolveReferencesInText` 'json'), so the text is checked as it will be sent: each
 * reference stands for a JSON value outside quotes and for string content inside them.
 */
import { resolveReferencesInText } from './payload.js';

/**
 * Why a JSON body with references is not JSON, or undefined when it is (or is empty).
 *
 * @example jsonBodyProblem('{"amount": ${t1.amount}}') // undefined
 * @example jsonBodyProblem('{"amount": }') // 'The body is not valid JSON: …'
 */
export function jsonBodyProblem(text: string): string | undefined {
  if (text.trim() === '') return undefined;
  // With no outputs every reference resolves to nothing: `null` outside quotes, '' inside.
  const probe = resolveReferencesInText(text, {}, 'json');
  if (typeof probe !== 'string') return undefined;
  try {
    JSON.parse(probe);
    return undefined;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return `The body is not valid JSON: ${reason}`;
  }
}
