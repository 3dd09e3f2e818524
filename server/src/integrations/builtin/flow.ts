/**
 * The built-in apps that shape a run rather than call a service: HTTP request (the custom
 * request action, editor-core 3 "Custom HTTP request action"), Filter (editor-core 2.10, 3
 * "Filter schema") and Delay (editor-core 2.10, 4.6), with their in-process executors.
 */
import {
  CONDITION_TYPES,
  type ConditionGroup,
  CUSTOM_BODY_TYPES,
  type CustomRequestInput,
  evaluateFilter,
  type KeyValue,
} from '@junction/core';
import { type BuiltinAppDefinition, describedField, iconUrl } from './types.js';

/** What an in-process executor yields: the step's output, or the problems with its input. */
export type BuiltinOutcome =
  | { ok: true; output: unknown }
  | { ok: false; errors: { field?: string; message: string }[] };

/** The longest delay one step may ask for: 30 days, in seconds. */
export const MAX_DELAY_SECONDS = 30 * 86_400;

// A list of key/value rows (the custom request's params, headers and body fields).
function keyValueField(name: string, title: string) {
  return {
    name,
    title,
    schema: {
      type: 'array' as const,
      items: {
        type: 'object' as const,
        properties: [
          { key: 'key', title: 'Key', schema: { type: 'string' as const } },
          { key: 'value', title: 'Value', schema: { type: 'string' as const } },
        ],
      },
    },
  };
}

/** The HTTP request app: one custom request action built by core's `buildCustomRequest`. */
export const httpApp: BuiltinAppDefinition = {
  appSlug: 'http',
  appName: 'HTTP request',
  category: 'Built-in',
  source: 'builtin',
  iconURL: iconUrl('http'),
  completionStatus: 'Complete',
  disableAuth: true,
  authInfo: {},
  actions: {
    customRequest: {
      title: 'Custom Request',
      description: 'Sends a GET, POST, PUT, PATCH or DELETE request to any public URL.',
      method: 'post',
      url: '',
      builtin: 'http',
      fields: [
        {
          name: 'requestType',
          title: 'Method',
          required: true,
          schema: { type: 'string', enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] },
        },
        { name: 'url', title: 'URL', required: true, schema: { type: 'string' } },
        keyValueField('params', 'Query parameters'),
        keyValueField('headers', 'Headers'),
        {
          name: 'bodyType',
          title: 'Body type',
          description: 'JSON text, or key/value rows sent as a JSON object.',
          value: 'json',
          schema: { type: 'string', enum: [...CUSTOM_BODY_TYPES], enumNames: ['JSON', 'Fields'] },
        },
        describedField('stringBody', 'Body (JSON)', 'A JSON body; ignored for GET.'),
        keyValueField('bodyFields', 'Body fields'),
      ],
    },
  },
  triggers: {},
};

/** The Filter app: continues only when its condition groups pass. */
export const filterApp: BuiltinAppDefinition = {
  appSlug: 'filter',
  appName: 'Filter',
  category: 'Built-in',
  source: 'builtin',
  iconURL: iconUrl('filter'),
  completionStatus: 'Complete',
  disableAuth: true,
  authInfo: {},
  actions: {
    onlyContinueIf: {
      title: 'Only continue if',
      description: 'Stops the run unless the conditions pass: every row of the first group, or of some "Or" group.',
      method: 'post',
      url: '',
      builtin: 'filter',
      fields: [
        {
          name: 'conditions',
          title: 'Conditions',
          required: true,
          schema: {
            type: 'array',
            items: {
              type: 'array',
              items: {
                type: 'object',
                properties: [
                  { key: 'lhs', title: 'Value', schema: { type: 'string' } },
                  { key: 'conditionType', title: 'Condition', schema: { type: 'string', enum: [...CONDITION_TYPES] } },
                  { key: 'rhs', title: 'Compared with', schema: { type: 'string' } },
                ],
              },
            },
          },
        },
      ],
    },
  },
  triggers: {},
};

/** The Delay app: waits a number of seconds (the engine makes it a delayed job). */
export const delayApp: BuiltinAppDefinition = {
  appSlug: 'delay',
  appName: 'Delay',
  category: 'Built-in',
  source: 'builtin',
  iconURL: iconUrl('delay'),
  completionStatus: 'Complete',
  disableAuth: true,
  authInfo: {},
  actions: {
    delayFor: {
      title: 'Delay For',
      description: 'Waits the given number of seconds before the next step runs.',
      method: 'post',
      url: '',
      builtin: 'delay',
      fields: [
        { name: 'seconds', title: 'Delay Time (seconds)', required: true, value: 0, schema: { type: 'number' } },
      ],
    },
  },
  triggers: {},
};

/**
 * Reads the custom request action's values into core's input: `params` and `headers` may be
 * key/value rows or a plain object, `bodyFields` rows (values keep their type); anything else
 * is ignored.
 */
export function toCustomRequestInput(values: Record<string, unknown>): CustomRequestInput {
  return {
    requestType: String(values.requestType ?? ''),
    url: String(values.url ?? ''),
    params: textRows(values.params),
    headers: textRows(values.headers),
    bodyType: typeof values.bodyType === 'string' ? values.bodyType : undefined,
    stringBody:
      values.stringBody === undefined || values.stringBody === null
        ? undefined
        : typeof values.stringBody === 'string'
          ? values.stringBody
          : JSON.stringify(values.stringBody),
    bodyFields: keyedRows(values.bodyFields),
  };
}

function keyedRows(raw: unknown): { key: string; value?: unknown }[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((row): row is { key: unknown; value?: unknown } => typeof row === 'object' && row !== null && 'key' in row)
    .map((row) => ({ key: String(row.key), value: row.value ?? '' }));
}

function textRows(raw: unknown): KeyValue[] {
  if (Array.isArray(raw)) {
    return keyedRows(raw).map((row) => ({
      key: row.key,
      value: typeof row.value === 'string' ? row.value : JSON.stringify(row.value),
    }));
  }
  if (typeof raw === 'object' && raw !== null) {
    return Object.entries(raw).map(([key, value]) => ({ key, value: String(value ?? '') }));
  }
  return [];
}

/**
 * Runs the filter on already-resolved values (editor-core 3): `conditions` is a list of
 * condition groups (or its JSON text). Output `{ passed }`; the runner stops the branch,
 * marking the execution filtered, when it is false.
 *
 * @example runFilter({ conditions: [[{ lhs: '12', conditionType: 'greaterThan', rhs: '10' }]] }) // { ok: true, output: { passed: true } }
 */
export function runFilter(values: Record<string, unknown>): BuiltinOutcome {
  let groups = values.conditions;
  if (typeof groups === 'string') {
    try {
      groups = JSON.parse(groups);
    } catch {
      return {
        ok: false,
        errors: [{ field: 'conditions', message: 'Conditions must be a list of condition groups.' }],
      };
    }
  }
  if (!Array.isArray(groups) || !groups.every((group) => Array.isArray(group) && group.every(isCondition))) {
    return { ok: false, errors: [{ field: 'conditions', message: 'Conditions must be a list of condition groups.' }] };
  }
  // References were resolved by the engine before the call, so each side is already a value.
  const passed = evaluateFilter(groups as ConditionGroup[], (value) => value);
  return { ok: true, output: { passed } };
}

function isCondition(row: unknown): boolean {
  return (
    typeof row === 'object' && row !== null && typeof (row as { conditionType?: unknown }).conditionType === 'string'
  );
}

/**
 * Checks a delay step's `seconds` (a number from 0 to 30 days) and yields
 * `{ delaySeconds, resumeAt }`; the runner schedules the rest of the run as a delayed job.
 *
 * @example runDelay({ seconds: '90' }, new Date('2025-01-01T00:00:00Z')).output
 * // { delaySeconds: 90, resumeAt: '2025-01-01T00:01:30.000Z' }
 */
export function runDelay(values: Record<string, unknown>, now: Date): BuiltinOutcome {
  const raw = values.seconds;
  const seconds =
    typeof raw === 'string' && raw.trim() !== '' ? Number(raw.trim()) : typeof raw === 'number' ? raw : Number.NaN;
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > MAX_DELAY_SECONDS) {
    return {
      ok: false,
      errors: [{ field: 'seconds', message: `Delay Time must be a number of seconds from 0 to ${MAX_DELAY_SECONDS}.` }],
    };
  }
  return {
    ok: true,
    output: { delaySeconds: seconds, resumeAt: new Date(now.getTime() + seconds * 1000).toISOString() },
  };
}
