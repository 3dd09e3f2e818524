/**
 * The step-field editor's logic (editor-core 2.7, 2.11, 5.4): `${step.path}` references shown as
 * chips ('Unknown Reference' when they do not resolve), the Insert Data picker's entries from
 * earlier steps' sample output, and the dynamic dropdown (tabs, search after more than one
 * character, Load More, Clear Data). References are looked up with core's path reader, never
 * evaluated.
 */
import {
  cutChip,
  type FieldDef,
  type IWorkflow,
  isKeyValueListSchema,
  lookupPath,
  parseDynamicSpec,
  parseReferences,
  type StepData,
  samplePaths,
} from '@junction/core';
import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import type { IEditorStore } from './editor-store.js';
import { problemMessage } from './panel-common.js';

/** Shown on a chip whose reference does not resolve (editor-core 2.7). */
export const UNKNOWN_REFERENCE_TEXT = 'Unknown Reference';
/** Shown when an earlier step has no data to insert (editor-core 8). */
export const NO_DATA_TEXT = 'Error: No data to insert...';
/** The info note of the set-up step (editor-core 2.8). */
export const INSERT_DATA_NOTE =
  'Use the Insert Data menu next to a field to put values from earlier steps into it; they are filled in when the workflow runs.';
/** Dynamic search engages with more than this many characters (editor-core 5.4). */
export const SEARCH_MIN_CHARS = 1;
/** A dropdown search goes to the server this long after the last keystroke (lists with more pages). */
export const REMOTE_SEARCH_DELAY_MS = 300;
/** At most this many entries per step in the Insert Data picker. */
export const INSERT_ENTRIES_LIMIT = 200;

/** One piece of a field value as the editor shows it. */
export type ValueSegment =
  | { kind: 'text'; text: string }
  | { kind: 'chip'; raw: string; label: string; isKnown: boolean; stepName: string };

/** Sample output and name of each earlier step, by step id. */
export type SampleIndex = ReadonlyMap<string, { name: string; sample: unknown }>;

/** The samples a step may reference: its ancestors' test data (nearest first). */
export function samplesFor(wf: IWorkflow, stepId: string): SampleIndex {
  const index = new Map<string, { name: string; sample: unknown }>();
  for (const step of wf.ancestorsOf(stepId)) index.set(step.id, { name: step.data.name, sample: step.data.testData });
  return index;
}

function shown(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value) ?? String(value);
}

/**
 * Splits a text into plain pieces and reference chips: a chip resolves against an earlier
 * step's sample and shows its value cut to 50 characters plus '...'; otherwise 'Unknown Reference'.
 *
 * @example
 * segmentValue('Hi ${t1.name}', new Map([['t1', { name: 'Hook', sample: { name: 'Ada' } }]]));
 * // [{ kind: 'text', text: 'Hi ' }, { kind: 'chip', raw: '${t1.name}', label: 'Ada', isKnown: true, stepName: 'Hook' }]
 */
export function segmentValue(text: string, samples: SampleIndex): ValueSegment[] {
  const segments: ValueSegment[] = [];
  let at = 0;
  for (const ref of parseReferences(text)) {
    if (ref.start > at) segments.push({ kind: 'text', text: text.slice(at, ref.start) });
    const source = samples.get(ref.stepId);
    const found = source ? lookupPath(source.sample, ref.path) : { found: false, value: undefined };
    const isKnown = source !== undefined && found.found;
    segments.push({
      kind: 'chip',
      raw: ref.raw,
      label: isKnown ? cutChip(shown(found.value)) : UNKNOWN_REFERENCE_TEXT,
      isKnown,
      stepName: source?.name ?? '',
    });
    at = ref.end;
  }
  if (at < text.length) segments.push({ kind: 'text', text: text.slice(at) });
  return segments;
}

/** One value the Insert Data picker offers. */
export interface InsertEntry {
  /** e.g. 'items[0].name'. */
  path: string;
  /** The reference inserted: '${stepId.items[0].name}'. */
  reference: string;
  /** The sample value, cut to 50 characters. */
  preview: string;
}

/** One accordion section of the Insert Data picker: an earlier step and its sample values. */
export interface InsertSource {
  stepId: string;
  name: string;
  hasData: boolean;
  entries: InsertEntry[];
}

/** Lists the leaf values of a sample with their paths, at most `limit` (core's `samplePaths`). */
export function sampleEntries(stepId: string, sample: unknown, limit = INSERT_ENTRIES_LIMIT): InsertEntry[] {
  return samplePaths(sample, { maxPaths: limit }).map(({ path, value }) => ({
    path,
    reference: `\${${stepId}.${path}}`,
    preview: cutChip(shown(value)),
  }));
}

/** The Insert Data picker's sections: each earlier step, nearest first (editor-core 2.11). */
export function insertSources(wf: IWorkflow, stepId: string): InsertSource[] {
  return wf.ancestorsOf(stepId).map((step) => {
    const sample = step.data.testData as unknown;
    const hasData = sample !== null && sample !== undefined;
    return {
      stepId: step.id,
      name: step.data.name,
      hasData,
      entries: hasData ? sampleEntries(step.id, sample) : [],
    };
  });
}

/** How a field is edited: text (with chips), Yes/No, a static list, a dynamic dropdown or key/value rows. */
export type FieldControl = 'text' | 'boolean' | 'enum' | 'dynamic' | 'number' | 'json' | 'keyValue';

/** Chooses the control of a field from its schema. */
export function fieldControl(field: FieldDef): FieldControl {
  const schema = field.schema ?? {};
  if (schema.dynamic) return 'dynamic';
  if (schema.enum && schema.enum.length > 0) return 'enum';
  if (schema.type === 'boolean') return 'boolean';
  if (schema.type === 'number' || schema.type === 'integer') return 'number';
  if (isKeyValueListSchema(schema)) return 'keyValue';
  if (schema.type === 'object' || schema.type === 'array') return 'json';
  return 'text';
}

/** The label a field shows. */
export function fieldTitle(field: FieldDef): string {
  return field.title || field.name;
}

/** Yes/No options of a boolean field (editor-core 2.7). */
export const BOOLEAN_OPTIONS: ReadonlyArray<{ label: string; value: boolean }> = [
  { label: 'Yes', value: true },
  { label: 'No', value: false },
];

/** One option of a dropdown. */
export interface DropdownOptionView {
  value: string;
  label: string;
}

/**
 * Filters dropdown options by the search text: engaged with more than one character, a
 * case-insensitive match over every value of the option (editor-core 5.4).
 */
export function searchOptions(options: readonly DropdownOptionView[], query: string): DropdownOptionView[] {
  const needle = query.trim().toLowerCase();
  if (needle.length <= SEARCH_MIN_CHARS) return [...options];
  return options.filter((o) => o.label.toLowerCase().includes(needle) || o.value.toLowerCase().includes(needle));
}

/** What a dynamic dropdown works with. */
export interface DropdownDeps {
  editor: IEditorStore;
  stepId: string;
  field: FieldDef;
}

/** A dynamic dropdown (editor-core 2.7, 2.11): the app's list tab and 'Custom'. */
export class DropdownModel {
  tab: 'list' | 'custom' = 'list';
  query = '';
  options: DropdownOptionView[] = [];
  next: string | undefined = undefined;
  phase: 'idle' | 'loading' | 'loaded' | 'failed' = 'idle';
  error = '';
  /** The search the loaded list answers when the server ran it ('' = the plain list). */
  searched = '';
  private searchTimer: ReturnType<typeof setTimeout> | undefined;
  private requestSeq = 0;

  constructor(private readonly deps: DropdownDeps) {
    makeAutoObservable<DropdownModel, 'deps' | 'searchTimer' | 'requestSeq'>(this, {
      deps: false,
      options: observableRef,
      searchTimer: false,
      requestSeq: false,
    });
  }

  private get data(): StepData {
    return this.deps.editor.wf.stepById(this.deps.stepId)?.data as StepData;
  }

  /** The action that lists the options, from the field's dynamic spec. */
  get action(): string {
    const spec = parseDynamicSpec(this.deps.field.schema?.dynamic ?? '');
    return spec?.action ?? '';
  }

  get shownOptions(): DropdownOptionView[] {
    return searchOptions(this.options, this.query);
  }

  setTab(tab: 'list' | 'custom'): void {
    this.tab = tab;
  }

  /**
   * Sets the search text. The loaded options are filtered as typed; when the list has pages not
   * loaded yet (a Drive with hundreds of files, editor-core 7.5), the search also goes to the
   * server shortly after the last keystroke, and clearing it brings the plain list back.
   */
  setQuery(query: string): void {
    this.query = query;
    const needle = query.trim().slice(0, 200);
    const wanted = needle.length > SEARCH_MIN_CHARS ? needle : '';
    clearTimeout(this.searchTimer);
    if (wanted === this.searched || (this.next === undefined && this.searched === '')) return;
    this.searchTimer = setTimeout(() => void this.load(false, wanted), REMOTE_SEARCH_DELAY_MS);
  }

  /** Loads the first page, or the next one with `more`; `search` asks the server to filter (Load More keeps it). */
  async load(more = false, search: string = more ? this.searched : ''): Promise<void> {
    const data = this.data;
    if (!data || this.action === '') {
      this.phase = 'failed';
      this.error = 'Error: this field has no list to load.';
      return;
    }
    this.phase = 'loading';
    this.requestSeq += 1;
    const seq = this.requestSeq;
    try {
      const answer = await this.deps.editor.env.api.post('/api/apps/{appSlug}/dropdowns', {
        params: { path: { appSlug: data.type } },
        body: {
          action: this.action,
          credential: data.credential,
          fields: data.fields.map((f) => ({ name: f.name, value: f.value })),
          ...(more && this.next ? { cursor: this.next } : {}),
          ...(search ? { search } : {}),
        },
      });
      // A newer request (the user kept typing) answers instead.
      if (seq !== this.requestSeq) return;
      runInAction(() => {
        this.options = more ? [...this.options, ...answer.options] : answer.options;
        this.next = answer.next;
        this.searched = search;
        this.phase = 'loaded';
        this.error = '';
      });
    } catch (error) {
      if (seq !== this.requestSeq) return;
      runInAction(() => {
        this.phase = 'failed';
        this.error = `Error: ${problemMessage(error, 'the list could not be loaded.')}`;
      });
    }
  }
}
