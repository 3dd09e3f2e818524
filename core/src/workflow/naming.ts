/**
 * Names and short texts the editor shows: step names, custom-request names, filter names,
 * chips, account labels, ages and the test-success line (editor-core 2.5, 2.7, 4.8).
 */
import pluralize from 'pluralize';
import { DOCUMENT_LIMITS } from './document-limits.js';
import { indefiniteArticle } from '../text/article.js';
import { withoutTrailing } from '../text/trailing.js';
import { lastPathKey, parseReferences } from './path.js';
import type { ConditionGroup, Link } from './types.js';

/** Chip values are cut to 50 characters plus '...' (editor-core 2.7, 9). */
export const CHIP_CUT = 50;

/** The name a custom request gets when its method or URL gives no better one. */
export const CUSTOM_REQUEST_FALLBACK_NAME = 'Custom Request';

/**
 * Names a step after its event and app (editor-core 4.8).
 *
 * @example
 * stepName('New contact', 'Demo CRM'); // 'New contact in Demo CRM'
 */
export function stepName(event: string, app: string): string {
  return `${event} in ${app}`;
}

// editor-core 4.8: the verb each custom-request method is named with.
const REQUEST_VERBS: Readonly<Record<string, string>> = {
  GET: 'Find a',
  PUT: 'Update a',
  PATCH: 'Update a',
  POST: 'Create new',
  DELETE: 'Remove a',
};

// Segments that name an instance, not a resource: '{id}', ':id', '${t1.id}', '123'.
function isParameterSegment(segment: string): boolean {
  return /^\{.*\}$/.test(segment) || segment.startsWith(':') || segment.includes('${') || /^\d+$/.test(segment);
}

function pathSegments(url: string): string[] {
  // Drop the fragment and query string, then the scheme and host when present.
  let rest = url.trim().split('#')[0].split('?')[0];
  rest = rest.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  return rest.split('/').filter((segment) => segment !== '');
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Names a custom HTTP request by its verb and the singular of its URL's last resource
 * segment (editor-core 4.8).
 *
 * GET 'Find a', PUT and PATCH 'Update a', POST 'Create new', DELETE 'Remove a' ('an' before a
 * vowel sound: 'Find an order'). The query
 * string, fragment, trailing slash, scheme and host are ignored, and so are parameter
 * segments (`{id}`, `:id`, `${step.id}`, all-digit ids). '-' and '_' become spaces and the
 * last word is singularised with `pluralize`. An unknown method or a URL without a resource
 * segment gives 'Custom Request'.
 *
 * @example
 * customRequestName('get', 'https://api.example.com/v1/contacts/{id}?x=1'); // 'Find a contact'
 * customRequestName('POST', '/email-addresses/'); // 'Create new email address'
 */
export function customRequestName(method: string, url: string): string {
  const verb = REQUEST_VERBS[method.trim().toUpperCase()];
  if (!verb) return CUSTOM_REQUEST_FALLBACK_NAME;
  const resource = pathSegments(url)
    .map(decodeSegment)
    .filter((segment) => !isParameterSegment(segment))
    .pop();
  if (!resource) return CUSTOM_REQUEST_FALLBACK_NAME;
  const words = resource.split(/[-_\s]+/).filter((word) => word !== '');
  if (words.length === 0) return CUSTOM_REQUEST_FALLBACK_NAME;
  words[words.length - 1] = pluralize.singular(words[words.length - 1]);
  const resourceName = words.join(' ');
  // The spec's 'a' reads 'an' before a vowel sound: 'Find an order', 'Remove an address'.
  const lead = verb.endsWith(' a') ? `${verb.slice(0, -1)}${indefiniteArticle(resourceName)}` : verb;
  return `${lead} ${resourceName}`;
}

/**
 * The field name a filter row shows: the last named key of a `${step.path}` reference
 * ('${t1.contact.email}' -> 'email', '${t1.items[0]}' -> 'items'), or the trimmed text
 * when the left-hand side is not a single reference.
 */
export function filterFieldName(lhs: string): string {
  const text = lhs.trim();
  const refs = parseReferences(text);
  if (refs.length === 1 && refs[0].start === 0 && refs[0].end === text.length) {
    return lastPathKey(refs[0].path) || refs[0].stepId;
  }
  return text;
}

/**
 * Names a saved filter (editor-core 4.8): 'Filter: ' plus the rows' field names joined by
 * ' AND ' inside a group, groups joined by ' OR '.
 *
 * Field names come from {@link filterFieldName}. Rows with an empty left-hand side and
 * groups left empty are skipped; with no row left the name is '' (a link without a filter).
 *
 * @example
 * filterName([
 *   [{ lhs: '${t1.a}', conditionType: 'valueExists', rhs: '' }, { lhs: '${t1.b}', conditionType: 'isTrue', rhs: '' }],
 *   [{ lhs: '${t1.c}', conditionType: 'isFalse', rhs: '' }],
 * ]); // 'Filter: a AND b OR c'
 */
export function filterName(groups: readonly ConditionGroup[]): string {
  const parts = groups
    .map((group) =>
      group
        .map((row) => filterFieldName(row.lhs))
        .filter((name) => name !== '')
        .join(' AND '),
    )
    .filter((part) => part !== '');
  return parts.length === 0 ? '' : `Filter: ${parts.join(' OR ')}`;
}

/** The longest Filter Name a user may type, in characters (a workflow or step name's limit). */
export const FILTER_NAME_MAX_LENGTH = DOCUMENT_LIMITS.maxNameLength;

/**
 * The name a saved filter gets (editor-core 3 "Filter schema": a Filter Name text): the name
 * the user typed, trimmed, else the automatic {@link filterName} of its rules (4.8).
 *
 * @example
 * savedFilterName('  VIP only ', groups); // 'VIP only'
 * savedFilterName('', groups); // 'Filter: a AND b'
 */
export function savedFilterName(typed: string, groups: readonly ConditionGroup[]): string {
  return typed.trim() || filterName(groups);
}

/**
 * The Filter Name a link's panel shows in its text box: the stored name when the user gave
 * one, '' when the name is the automatic one of its rules (so it keeps following the rules).
 */
export function typedFilterName(link: Pick<Link, 'name' | 'groups'>): string {
  return link.name === filterName(link.groups) ? '' : link.name;
}

/** Why a typed Filter Name cannot be saved, or '' when it can (at most {@link FILTER_NAME_MAX_LENGTH} characters). */
export function filterNameProblem(typed: string): string {
  return Array.from(typed.trim()).length > FILTER_NAME_MAX_LENGTH
    ? `A filter name is at most ${FILTER_NAME_MAX_LENGTH} characters.`
    : '';
}

/**
 * Cuts a chip value to 50 characters plus '...' (editor-core 2.7); shorter values are unchanged.
 * Counts code points, so an emoji is never split in half.
 */
export function cutChip(value: string): string {
  const chars = Array.from(value);
  return chars.length > CHIP_CUT ? `${chars.slice(0, CHIP_CUT).join('')}...` : value;
}

/**
 * Labels an account in the account picker (editor-core 2.5): '{app} - {name}#{index+1}',
 * with 'unnamed' for a missing or blank name.
 *
 * @example
 * accountLabel('Slack', '', 0); // 'Slack - unnamed#1'
 */
export function accountLabel(app: string, name: string | null | undefined, index: number): string {
  const shown = name && name.trim() !== '' ? name : 'unnamed';
  return `${app} - ${shown}#${index + 1}`;
}

/** What {@link pickCredential} reads from a credential. */
export interface UsableCredential {
  /** When the credential was last used: epoch ms, ISO text or a Date; absent when never. */
  lastUsed?: number | string | Date | null;
}

function usedAt(value: UsableCredential['lastUsed']): number | null {
  if (value === undefined || value === null || value === '') return null;
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

/**
 * Chooses the credential a step uses by default (editor-core 2.5): the one used most
 * recently by `lastUsed`; when none has a readable `lastUsed`, the last in the list.
 * On a tie the later one in the list wins. Returns undefined for an empty list.
 */
export function pickCredential<T extends UsableCredential>(credentials: readonly T[]): T | undefined {
  let best: T | undefined;
  let bestAt = Number.NEGATIVE_INFINITY;
  for (const credential of credentials) {
    const at = usedAt(credential.lastUsed);
    if (at !== null && at >= bestAt) {
      best = credential;
      bestAt = at;
    }
  }
  return best ?? credentials[credentials.length - 1];
}

// editor-core 9 "Age display units": seconds to years. Each unit is used below `until`;
// a month is 30 days and a year 365 days, so 360-364 days read 'about 12 months ago'.
const DAY_MS = 86_400_000;
const AGE_UNITS: ReadonlyArray<{ unit: string; ms: number; until: number }> = [
  { unit: 'second', ms: 1000, until: 60_000 },
  { unit: 'minute', ms: 60_000, until: 3_600_000 },
  { unit: 'hour', ms: 3_600_000, until: DAY_MS },
  { unit: 'day', ms: DAY_MS, until: 30 * DAY_MS },
  { unit: 'month', ms: 30 * DAY_MS, until: 365 * DAY_MS },
  { unit: 'year', ms: 365 * DAY_MS, until: Number.POSITIVE_INFINITY },
];

/** How recent a time reads 'just now' in {@link ageText}. */
export const JUST_NOW_MS = 10_000;

/**
 * Says how long ago something happened: 'about N seconds/minutes/hours/days/months/years ago'
 * (editor-core 4.8), singular for 1, rounded down; under {@link JUST_NOW_MS}, a time in the
 * future or an unreadable time reads 'just now' (never 'about 0 seconds ago').
 *
 * @example
 * ageText(0, 90_000); // 'about 1 minute ago'
 */
export function ageText(fromMs: number, nowMs: number): string {
  const diff = nowMs - fromMs;
  const elapsed = Number.isFinite(diff) ? Math.max(0, diff) : 0;
  const { unit, ms } = AGE_UNITS.find((candidate) => elapsed < candidate.until) ?? AGE_UNITS[AGE_UNITS.length - 1];
  if (elapsed < JUST_NOW_MS) return 'just now';
  const n = Math.floor(elapsed / ms);
  return `about ${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

/** What the test-success line is made of (editor-core 4.8). */
export interface TestSuccessInput {
  /** X: the app's display name (step data `label`). */
  app: string;
  /** Y: the event's label (step data `actionlabel`). */
  event: string;
  /** When the test ran (step data `actionTestTime`), epoch ms. */
  testedAtMs: number;
  nowMs: number;
  /** The request a request app (HTTP request) made: its method and URL as set up. */
  request?: { method?: unknown; url?: unknown };
}

/**
 * What a request went to, in words: 'POST 127.0.0.1:4000/orders' — the method and the URL's
 * host and path (no query; a path cut where a reference to another step's data starts, and
 * after {@link CHIP_CUT} characters); '' when the URL is not an http(s) address.
 */
function requestTarget(request: TestSuccessInput['request']): string {
  const url = typeof request?.url === 'string' ? request.url.trim() : '';
  const match = /^https?:\/\/([^/?#\s]+)([^?#\s]*)/i.exec(url);
  if (!match || match[1].includes('${')) return '';
  const path = withoutTrailing(match[2].split('${')[0], '/');
  const method =
    typeof request?.method === 'string' && request.method.trim() ? request.method.trim().toUpperCase() : 'GET';
  return `${method} ${cutChip(`${match[1]}${path}`)}`;
}

/**
 * The line a successful action test shows (editor-core 4.8): 'A request to X was done in Y
 * about N ago'.
 *
 * The spec stores no request duration, only the test time, so X is the app's display name
 * and Y the event the request was made in; the age comes from {@link ageText}. An app that is
 * itself a request (the HTTP request app) is named once and says where the request went:
 * 'The HTTP request was done just now: POST 127.0.0.1:4000/orders' (never 'A request to HTTP
 * request was done in Custom Request').
 *
 * @example
 * testSuccessText({ app: 'Demo CRM', event: 'Create contact', testedAtMs: 0, nowMs: 5000 });
 * // 'A request to Demo CRM was done in Create contact just now'
 */
export function testSuccessText(input: TestSuccessInput): string {
  const age = ageText(input.testedAtMs, input.nowMs);
  if (/\brequest$/i.test(input.app.trim())) {
    const target = requestTarget(input.request);
    return `The ${input.app.trim()} was done ${age}${target ? `: ${target}` : ''}`;
  }
  return `A request to ${input.app} was done in ${input.event} ${age}`;
}
