/**
 * The step-field editor's logic (editor-core 2.7, 2.11, 5.4): the Insert Data picker's entries
 * and the samples references read (both core's reference view), and the dynamic dropdown (tabs,
 * search after more than one character, Load More, Clear Data).
 */
import {
  type FieldDef,
  type IWorkflow,
  isKeyValueListSchema,
  type PickerSource,
  parseDynamicSpec,
  pickerSources,
  type ReferenceSamples,
  referenceSamples,
  type StepData,
} from '@junction/core';
import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import type { IEditorStore } from '../../stores/editor-store.js';
import { problemMessage } from './panel-common.js';

/** Shown when an earlier step has no data to insert (editor-core 8). */
export const NO_DATA_TEXT = 'Error: No data to insert...';
/** The info note of the set-up step (editor-core 2.8). */
export const INSERT_DATA_NOTE =
  'Use the Insert Data menu next to a field to put values from earlier steps into it; they are filled in when the workflow runs.';
/** Dynamic search engages with more than this many characters (editor-core 5.4). */
export const SEARCH_MIN_CHARS = 1;
/** A dropdown search goes to the server this long after the last keystroke (lists with more pages). */
export const REMOTE_SEARCH_DELAY_MS = 300;

/**
 * The Insert Data picker's sections (editor-core 2.11): core's `pickerSources`, the one
 * lister every picker uses.
 */
export function insertSources(wf: IWorkflow, stepId: string): PickerSource[] {
  return pickerSources(wf.data, stepId);
}

/** The samples a step's references read: core's `referenceSamples`. */
export function samplesFor(wf: IWorkflow, stepId: string): ReferenceSamples {
  return referenceSamples(wf.data, stepId);
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
  /** The tab the user chose; until then a value holding data from earlier steps shows on Custom. */
  chosenTab: 'list' | 'custom' | null = null;
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

  get tab(): 'list' | 'custom' {
    if (this.chosenTab) return this.chosenTab;
    const value = this.data?.fields.find((f) => f.name === this.deps.field.name)?.value;
    return typeof value === 'string' && value.includes('${') ? 'custom' : 'list';
  }

  setTab(tab: 'list' | 'custom'): void {
    this.chosenTab = tab;
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
