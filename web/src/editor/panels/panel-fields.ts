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
import { type Instance, types } from 'mobx-state-tree';
import { failureText } from '../../stores/api-failure.js';
import { serverStateOf } from '../../stores/server-state.js';
import { panelEnv } from '../model/panel-common.js';

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

/** A dynamic dropdown (editor-core 2.7, 2.11): the app's list tab and 'Custom'; made by the editor's `createPanelModel`. */
export const DropdownModel = types
  .model('Dropdown', {
    stepId: types.string,
    field: types.frozen<FieldDef>(),
  })
  .volatile(() => ({
    /** The tab the user chose; until then a value holding data from earlier steps shows on Custom. */
    chosenTab: null as 'list' | 'custom' | null,
    query: '',
    options: [] as DropdownOptionView[],
    next: undefined as string | undefined,
    phase: 'idle' as 'idle' | 'loading' | 'loaded' | 'failed',
    error: '',
    /** The search the loaded list answers when the server ran it ('' = the plain list). */
    searched: '',
  }))
  .views((self) => ({
    get data(): StepData {
      return panelEnv(self).editor.wf.stepById(self.stepId)?.data as StepData;
    },
    /** The action that lists the options, from the field's dynamic spec. */
    get action(): string {
      const spec = parseDynamicSpec(self.field.schema?.dynamic ?? '');
      return spec?.action ?? '';
    },
    get shownOptions(): DropdownOptionView[] {
      return searchOptions(self.options, self.query);
    },
  }))
  .views((self) => ({
    get tab(): 'list' | 'custom' {
      if (self.chosenTab) return self.chosenTab;
      const value = self.data?.fields.find((f) => f.name === self.field.name)?.value;
      return typeof value === 'string' && value.includes('${') ? 'custom' : 'list';
    },
  }))
  .actions((self) => {
    let searchTimer: ReturnType<typeof setTimeout> | undefined;
    let requestSeq = 0;
    return {
      setTab(tab: 'list' | 'custom'): void {
        self.chosenTab = tab;
      },
      /** Notes a load's outcome (a page of options, or the failure). */
      settle(outcome: { options: DropdownOptionView[]; next?: string; searched: string } | { error: string }): void {
        if ('error' in outcome) {
          self.phase = 'failed';
          self.error = outcome.error;
          return;
        }
        self.options = outcome.options;
        self.next = outcome.next;
        self.searched = outcome.searched;
        self.phase = 'loaded';
        self.error = '';
      },
      /** Starts a load: the next request's number, or null when the field has no list to load. */
      begin(): number | null {
        if (!self.data || self.action === '') {
          self.phase = 'failed';
          self.error = 'This field has no list to load.';
          return null;
        }
        self.phase = 'loading';
        requestSeq += 1;
        return requestSeq;
      },
      isLatest(seq: number): boolean {
        return seq === requestSeq;
      },
      setSearchTimer(timer: ReturnType<typeof setTimeout> | undefined): void {
        clearTimeout(searchTimer);
        searchTimer = timer;
      },
      setQueryText(query: string): void {
        self.query = query;
      },
    };
  })
  .actions((self) => ({
    /** Loads the first page, or the next one with `more`; `search` asks the server to filter (Load More keeps it). */
    async load(more = false, search: string = more ? self.searched : ''): Promise<void> {
      const seq = self.begin();
      if (seq === null) return;
      const data = self.data;
      try {
        const { editor } = panelEnv(self);
        const answer = await serverStateOf(editor.env.api).mutate((client) =>
          client.post('/api/apps/{appSlug}/dropdowns', {
            params: { path: { appSlug: data.type } },
            body: {
              action: self.action,
              credential: data.credential,
              fields: data.fields.map((f) => ({ name: f.name, value: f.value })),
              ...(more && self.next ? { cursor: self.next } : {}),
              ...(search ? { search } : {}),
            },
          }),
        );
        // A newer request (the user kept typing) answers instead.
        if (!self.isLatest(seq)) return;
        self.settle({
          options: more ? [...self.options, ...answer.options] : answer.options,
          next: answer.next,
          searched: search,
        });
      } catch (error) {
        if (self.isLatest(seq)) self.settle({ error: failureText(error, 'The list could not be loaded.') });
      }
    },
  }))
  .actions((self) => ({
    /**
     * Sets the search text. The loaded options are filtered as typed; when the list has pages not
     * loaded yet (a Drive with hundreds of files, editor-core 7.5), the search also goes to the
     * server shortly after the last keystroke, and clearing it brings the plain list back.
     */
    setQuery(query: string): void {
      self.setQueryText(query);
      const needle = query.trim().slice(0, 200);
      const wanted = needle.length > SEARCH_MIN_CHARS ? needle : '';
      self.setSearchTimer(undefined);
      if (wanted === self.searched || (self.next === undefined && self.searched === '')) return;
      self.setSearchTimer(setTimeout(() => void self.load(false, wanted), REMOTE_SEARCH_DELAY_MS));
    },
  }));

/** A dynamic dropdown instance. */
export interface IDropdownModel extends Instance<typeof DropdownModel> {}
