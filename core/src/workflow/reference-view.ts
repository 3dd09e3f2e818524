/**
 * How a `${stepId.path}` reference reads to a user (editor-core 2.7, 2.11): a pill
 * "Step name · field" with the sample value behind it, or the reason it cannot resolve
 * (the design-time reference check). Pure: the editor's fields, the filter form and the replay
 * viewer all show references through it, so a user never sees a raw `${uuid.path}`.
 */
import { getAncestorIds, indexLinks } from './graph.js';
import { cutChip } from './naming.js';
import { lookupPath, parseReferences, type Reference, samplePaths } from './path.js';
import type { Step, WorkflowData } from './types.js';

/** The earlier steps a field may reference: name and sample output by step id. */
export type ReferenceSamples = ReadonlyMap<string, { name: string; sample: unknown }>;

/** A reference as the user sees it. */
export interface ReferenceView {
  /** The stored text, e.g. `${3f2a….items[0].name}`. */
  raw: string;
  stepId: string;
  path: string;
  /** The referenced step's name ('' when the step is not an earlier step). */
  stepName: string;
  /** 'Step name · items 1 › name': what the pill says. */
  label: string;
  /** The sample value cut to 50 characters plus '...' (editor-core 2.7), when it resolves. */
  value?: string;
  /** Why the reference does not resolve; absent when it does. */
  problem?: string;
}

/** Text of a reference that does not resolve (editor-core 2.7). */
export const UNKNOWN_REFERENCE = 'Unknown Reference';

/**
 * A path in words: `items[0].name` → 'items 1 › name' (list positions count from 1).
 *
 * @example
 * readablePath('data.items[2].email'); // 'data › items 3 › email'
 */
export function readablePath(path: string): string {
  return path
    .replace(/\[(\d+)\]/g, (_m, i: string) => ` ${Number(i) + 1}`)
    .split('.')
    .filter((part) => part !== '')
    .join(' › ');
}

function shown(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value) ?? String(value);
}

/**
 * Describes one reference against the earlier steps' samples.
 *
 * @example
 * describeReference(parseReferences('${t1.name}')[0], new Map([['t1', { name: 'Hook', sample: { name: 'Ada' } }]]));
 * // { label: 'Hook · name', value: 'Ada', … }
 */
export function describeReference(ref: Reference, samples: ReferenceSamples): ReferenceView {
  const source = samples.get(ref.stepId);
  const field = readablePath(ref.path) || 'all data';
  const base = { raw: ref.raw, stepId: ref.stepId, path: ref.path, stepName: source?.name ?? '' };
  if (!source) {
    return {
      ...base,
      label: `${UNKNOWN_REFERENCE} · ${field}`,
      problem: `${UNKNOWN_REFERENCE}: the step it points to is not before this one (deleted or moved).`,
    };
  }
  const stepName = source.name || 'Unnamed step';
  const label = `${stepName} · ${field}`;
  if (source.sample === undefined || source.sample === null) {
    return { ...base, label, problem: `"${stepName}" has no test data yet: test it to check this field.` };
  }
  const found = ref.path === '' ? { found: true, value: source.sample } : lookupPath(source.sample, ref.path);
  if (!found.found) {
    return { ...base, label, problem: `"${field}" is not in the test data of "${stepName}".` };
  }
  return { ...base, label, value: cutChip(shown(found.value)) };
}

/** A text cut into plain pieces and described references, in order. */
export type ReferenceSegment = { kind: 'text'; text: string } | { kind: 'reference'; view: ReferenceView };

/**
 * Splits a field value into text and references (each described).
 *
 * @example
 * describeText('Hi ${t1.name}!', samples).map((s) => s.kind); // ['text', 'reference', 'text']
 */
export function describeText(text: string, samples: ReferenceSamples): ReferenceSegment[] {
  const segments: ReferenceSegment[] = [];
  let at = 0;
  for (const ref of parseReferences(text)) {
    if (ref.start > at) segments.push({ kind: 'text', text: text.slice(at, ref.start) });
    segments.push({ kind: 'reference', view: describeReference(ref, samples) });
    at = ref.end;
  }
  if (at < text.length) segments.push({ kind: 'text', text: text.slice(at) });
  return segments;
}

/**
 * The text with every reference written as its pill label in brackets, for places that show
 * a value as plain text (a run's filter, a tooltip).
 *
 * @example
 * readableText('${t1.name} is ${t1.age}', samples); // '[Hook · name] is [Hook · age]'
 */
export function readableText(text: string, samples: ReferenceSamples): string {
  return describeText(text, samples)
    .map((s) => (s.kind === 'text' ? s.text : `[${s.view.label}]`))
    .join('');
}

/** At most this many values of one step a picker offers (editor-core 2.11). */
export const PICKER_ENTRIES_LIMIT = 200;

/** One value a data picker offers: its path, the reference it inserts, its sample value cut to 50. */
export interface PickerEntry {
  /** e.g. 'items[0].name'. */
  path: string;
  /** The reference inserted: '${stepId.items[0].name}'. */
  reference: string;
  preview: string;
}

/** One section of a data picker: an earlier step and its sample values. */
export interface PickerSource {
  stepId: string;
  name: string;
  /** False while the step has no test data ('Error: No data to insert...', editor-core 8). */
  hasData: boolean;
  entries: PickerEntry[];
}

/**
 * The values of one sample a picker offers, through the one sample lister (`samplePaths`):
 * every array item, keys a reference can name, at most `limit`.
 */
export function pickerEntries(stepId: string, sample: unknown, limit = PICKER_ENTRIES_LIMIT): PickerEntry[] {
  return samplePaths(sample, { maxPaths: limit }).map(({ path, value }) => ({
    path,
    reference: `\${${stepId}.${path}}`,
    preview: cutChip(shown(value)),
  }));
}

function stepsBefore(wf: WorkflowData, stepId: string): Step[] {
  const byId = new Map(wf.steps.map((step) => [step.id, step]));
  return getAncestorIds(indexLinks(wf), stepId).flatMap((id) => byId.get(id) ?? []);
}

/**
 * THE data picker's sections for a step (editor-core 2.11): each step before it, nearest
 * first, with the values of its sample. The Insert Data menu of a field and a filter's field
 * picker (on the link's target) both list through it, so they offer the same paths.
 */
export function pickerSources(wf: WorkflowData, stepId: string): PickerSource[] {
  return stepsBefore(wf, stepId).map((step) => {
    const sample = step.data.testData;
    const hasData = sample !== null && sample !== undefined;
    return { stepId: step.id, name: step.data.name, hasData, entries: hasData ? pickerEntries(step.id, sample) : [] };
  });
}

/** The samples a step's references read (its earlier steps, nearest first), for {@link describeText}. */
export function referenceSamples(wf: WorkflowData, stepId: string): ReferenceSamples {
  return new Map(
    stepsBefore(wf, stepId).map((step) => [step.id, { name: step.data.name, sample: step.data.testData }]),
  );
}
