/**
 * Resolution of `${auth.key}` and `${inputData.name}` references inside request templates
 * (forms-dp 2.10 "API Configuration", 3 "Action"). A path resolver over own properties:
 * nothing is ever evaluated as code.
 */

/** The data a request template may reference. */
export interface TemplateScope {
  /** The decrypted credential: `${auth.key}`. */
  auth: Record<string, unknown>;
  /** The step's field values: `${inputData.name}`. */
  inputData: Record<string, unknown>;
}

const REFERENCE = /\$\{([^{}]+)\}/g;
const WHOLE_REFERENCE = /^\$\{([^{}]+)\}$/;

/** What a reference resolved to; `found` is false for a root the scope does not know. */
type Lookup = { found: true; value: unknown } | { found: false };

/**
 * Looks a dotted path up in the scope, walking own properties only, so '__proto__' or
 * 'constructor' never reach the prototype. Unknown roots are not found (they stay literal);
 * a known root with a missing path gives undefined.
 *
 * @example lookupReference('auth.api_key', { auth: { api_key: 'k' }, inputData: {} }) // { found: true, value: 'k' }
 */
export function lookupReference(path: string, scope: TemplateScope): Lookup {
  const [root, ...rest] = path.trim().split('.');
  if (root !== 'auth' && root !== 'inputData') return { found: false };
  let current: unknown = scope[root];
  for (const part of rest) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, part)) {
      return { found: true, value: undefined };
    }
    current = (current as Record<string, unknown>)[part];
  }
  return { found: true, value: current };
}

/** Renders a resolved value inside a string: objects as JSON, missing values as ''. */
export function stringifyValue(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Replaces every `${auth.…}` and `${inputData.…}` reference in a string; other references
 * (such as `${stepId.path}`, resolved earlier by the workflow payload rules) stay as written.
 * `encode` lets the URL builder escape user data.
 *
 * @example resolveTemplateString('Bearer ${auth.token}', scope) // 'Bearer abc'
 */
export function resolveTemplateString(
  template: string,
  scope: TemplateScope,
  encode: (text: string, root: string) => string = (text) => text,
): string {
  return template.replace(REFERENCE, (whole, path: string) => {
    const found = lookupReference(path, scope);
    if (!found.found) return whole;
    return encode(stringifyValue(found.value), path.trim().split('.')[0]);
  });
}

/**
 * Resolves a template value: a string that is exactly one reference yields the referenced
 * value itself (so an array stays an array in a JSON body); other strings are resolved as
 * text; anything else is returned unchanged.
 *
 * @example resolveTemplateValue('${inputData.tags}', scope) // ['a', 'b']
 */
export function resolveTemplateValue(template: unknown, scope: TemplateScope): unknown {
  if (typeof template !== 'string') return template;
  const whole = WHOLE_REFERENCE.exec(template);
  if (whole) {
    const found = lookupReference(whole[1], scope);
    if (found.found) return found.value;
  }
  return resolveTemplateString(template, scope);
}
