/**
 * The custom-trigger wizard's view model (onboarding 2 "Custom-trigger wizard", 3, 4, 5, 9):
 * 1. app, type (new; 'updated' is 'Coming Soon') and noun; 2. the endpoint, the account and the
 * input-field design (rows start as new_new; Key, Label, Helper Text, Type and Location are
 * required to Save); 3. a test of the endpoint (the first array found in the response, its
 * first item's keys offered), then Finish, which writes `list{Noun}` and `new{Noun}` into the
 * app's definition (core's buildCustomTrigger) and puts the new trigger on the workflow's
 * trigger step, so it is usable at once.
 */
import {
  type AppDefinition,
  appBaseUrlOf,
  buildCustomTrigger,
  type CustomTriggerField,
  createStepData,
  dataHeadChoices,
  type FoundArray,
  findFirstArray,
  isApiError,
  needsAuth,
  type StepData,
  toDocument,
} from '@junction/core';
import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import { problemMessage, type TestResultView } from '../editor/panels/panel-common.js';
import type { IEditorStore } from '../stores/editor-store.js';

/** The field types a custom trigger's input may have (onboarding 3, 9). */
export const FIELD_TYPES = ['string', 'integer', 'number', 'boolean'] as const;
/** Where an input goes in the request (onboarding 3, 9). */
export const FIELD_LOCATIONS = ['path', 'query'] as const;
/** The key of a row not saved yet (onboarding 4). */
export const NEW_FIELD_KEY = 'new_new';
/** The toast of a failed endpoint test (onboarding 8). */
export const TEST_ERROR_TEXT = 'There was an error with the test...';
/** Toasts of this spec auto-hide after 6000 ms (onboarding 8). */
export const ONBOARDING_TOAST_MS = 6000;
/** The step titles of the wizard (onboarding 2). */
export const WIZARD_STEPS = ['App and type', 'Endpoint and form design', 'Test'] as const;

const KEY_PATTERN = /^[A-Za-z0-9_-]+$/;

/**
 * An app the wizard can add a trigger to: any app with an API (onboarding 2 "a custom-trigger
 * builder for a third-party app"). The workspace's own portal apps take the trigger into their
 * definition; any other app (catalogue, built-in, another workspace's) keeps it as this
 * workspace's addition (PUT /api/apps/{slug}/workspace-events).
 */
export interface WizardApp {
  appSlug: string;
  appName: string;
  /** True for the workspace's own portal app. */
  isOwn: boolean;
}

/** An account of the chosen app. */
export interface WizardCredential {
  id: string;
  name: string;
}

/** An input-field row being edited. */
export interface FieldDraft extends CustomTriggerField {
  description: string;
  required: boolean;
}

/** What the wizard needs; injected so tests pass fakes. */
export interface WizardDeps {
  editor: IEditorStore;
  notify: (toast: { status: 'success' | 'error'; message: string }) => void;
  /** Shows the premium offer on Continue (free plan, active status); resolves when it is dismissed. */
  isOfferedPremium: () => boolean;
  /** Junction's own address: what `{base}` stands for in a built-in app's URLs. */
  origin: string;
  /** Told after Finish, so cached definitions of the app are read again (the event list shows the trigger). */
  onAppChanged?: (appSlug: string) => void;
}

function blankField(): FieldDraft {
  return { key: NEW_FIELD_KEY, label: '', description: '', type: 'string', location: 'query', required: false };
}

/** The wizard. */
export class CustomTriggerWizard {
  step: 1 | 2 | 3 = 1;
  apps: WizardApp[] = [];
  appsError = '';
  appSlug = '';
  type: 'new' | 'updated' = 'new';
  noun = '';
  definition: AppDefinition | null = null;
  credentials: WizardCredential[] = [];
  credentialId = '';
  url = '';
  fields: FieldDraft[] = [];
  /** The row open in the field form, and its draft. */
  editingIndex: number | null = null;
  draft: FieldDraft = blankField();
  hasTriedSave = false;
  /** Values the test sends for each input field, by key. */
  testValues: Record<string, string> = {};
  testPhase: 'idle' | 'testing' | 'tested' | 'failed' = 'idle';
  testOutput: unknown = null;
  found: FoundArray | null = null;
  keys: string[] = [];
  dedupeKey = '';
  isOfferOpen = false;
  isFinishing = false;
  isFinished = false;
  error = '';
  /** The hidden list action a test saved into the app; taken out again if the wizard is left. */
  savedActionKey: string | null = null;

  constructor(
    private readonly deps: WizardDeps,
    options: { appSlug?: string; offerSeen?: boolean } = {},
  ) {
    this.isOfferSeen = options.offerSeen === true;
    makeAutoObservable<CustomTriggerWizard, 'deps'>(this, {
      deps: false,
      definition: observableRef,
      testOutput: observableRef,
      found: observableRef,
    });
    if (options.appSlug) this.appSlug = options.appSlug;
  }

  /** Whether the premium offer was already shown (and dismissed) before the wizard opened. */
  isOfferSeen: boolean;

  private get api() {
    return this.deps.editor.env.api;
  }

  /** Loads every app with an API: the workspace's own, the catalogue's and the built-ins. */
  async loadApps(): Promise<void> {
    try {
      const list = await this.api.get('/api/apps');
      runInAction(() => {
        this.apps = list.items
          // Tools without an API of their own (Schedule, Webhook, Formatter…) have nothing to poll.
          .filter((app) => app.editable === true || app.disableAuth !== true)
          .map((app) => ({ appSlug: app.appSlug, appName: app.appName, isOwn: app.editable === true }));
        if (this.appSlug && !this.apps.some((a) => a.appSlug === this.appSlug)) this.appSlug = '';
      });
    } catch (error) {
      runInAction(() => {
        this.appsError = problemMessage(error, 'The apps could not be loaded.');
      });
    }
  }

  get appName(): string {
    return this.apps.find((a) => a.appSlug === this.appSlug)?.appName ?? this.appSlug;
  }

  setApp(slug: string): void {
    this.appSlug = slug;
    this.definition = null;
    this.credentials = [];
    this.credentialId = '';
  }

  setType(type: 'new' | 'updated'): void {
    // onboarding 4: 'updated' is disabled ('Coming Soon').
    if (type === 'new') this.type = type;
  }

  setNoun(noun: string): void {
    this.noun = noun;
  }

  setUrl(url: string): void {
    this.url = url;
  }

  setCredential(id: string): void {
    this.credentialId = id;
  }

  /** The generated keys, e.g. listInvoice / newInvoice. */
  get generated() {
    return buildCustomTrigger({
      noun: this.noun.trim() || 'Item',
      url: this.url.trim(),
      fields: this.fields,
      dataHead: this.found?.head ?? '',
      dedupeKey: this.dedupeKey,
    });
  }

  get canContinueFromApp(): boolean {
    return this.appSlug !== '' && this.type === 'new' && /[A-Za-z0-9]/.test(this.noun);
  }

  get needsCredential(): boolean {
    return this.definition !== null && needsAuth(this.definition);
  }

  get isUrlValid(): boolean {
    return /^https?:\/\/\S+$/i.test(this.url.trim());
  }

  /** onboarding 5: Next needs an endpoint, a credential and form fields. */
  get canContinueFromEndpoint(): boolean {
    return (
      this.isUrlValid &&
      (!this.needsCredential || this.credentialId !== '') &&
      this.fields.some((f) => f.key !== NEW_FIELD_KEY) &&
      this.editingIndex === null
    );
  }

  /** Finish is disabled until test data exists (onboarding 4). */
  get canFinish(): boolean {
    return this.testPhase === 'tested' && this.found !== null && this.dedupeKey !== '' && !this.isFinishing;
  }

  /** Next / Continue: step 1 → 2 (after the premium offer on a free plan) → 3. */
  async next(): Promise<void> {
    if (this.step === 1) {
      if (!this.canContinueFromApp) return;
      if (!this.isOfferSeen && this.deps.isOfferedPremium()) {
        this.isOfferOpen = true;
        return;
      }
      await this.enterEndpointStep();
    } else if (this.step === 2 && this.canContinueFromEndpoint) {
      this.step = 3;
    }
  }

  /** The premium offer was dismissed ('No thanks'): the wizard goes on. */
  async dismissOffer(): Promise<void> {
    this.isOfferOpen = false;
    this.isOfferSeen = true;
    await this.enterEndpointStep();
  }

  back(): void {
    if (this.step > 1) this.step = (this.step - 1) as 1 | 2;
  }

  private async enterEndpointStep(): Promise<void> {
    this.error = '';
    try {
      const slug = this.appSlug;
      const definition = await this.api.get('/api/apps/{appSlug}', { params: { path: { appSlug: slug } } });
      const accounts = await this.api.get('/api/credentials', { params: { query: { app: slug } } });
      runInAction(() => {
        this.definition = definition as AppDefinition;
        // The endpoint starts at the app's own base URL.
        if (this.url.trim() === '') this.url = appBaseUrlOf(this.definition, this.deps.origin);
        this.credentials = accounts.items.map((c) => ({ id: c.id, name: c.name }));
        if (!this.credentialId && this.credentials[0]) this.credentialId = this.credentials[0].id;
        this.step = 2;
      });
    } catch (error) {
      runInAction(() => {
        this.error = problemMessage(error, 'The app could not be loaded.');
      });
    }
  }

  /** Adds a row with the placeholder key new_new and opens it (onboarding 4). */
  addField(): void {
    if (this.editingIndex !== null) return;
    this.fields.push(blankField());
    this.editField(this.fields.length - 1);
  }

  editField(index: number): void {
    const row = this.fields[index];
    if (!row) return;
    this.editingIndex = index;
    this.hasTriedSave = false;
    this.draft = { ...row, key: row.key === NEW_FIELD_KEY ? '' : row.key };
  }

  setDraft(patch: Partial<FieldDraft>): void {
    this.draft = { ...this.draft, ...patch };
  }

  /** The draft's problems: Key, Label, Helper Text, Type and Location are required (onboarding 5). */
  get draftProblems(): Partial<Record<'key' | 'label' | 'description' | 'type' | 'location', string>> {
    const problems: Partial<Record<'key' | 'label' | 'description' | 'type' | 'location', string>> = {};
    const key = this.draft.key.trim();
    if (!key) problems.key = 'Key is required.';
    else if (!KEY_PATTERN.test(key)) problems.key = 'Use only letters, numbers, hyphens and underscores.';
    else if (key === NEW_FIELD_KEY) problems.key = 'Choose a key.';
    else if (this.fields.some((f, i) => i !== this.editingIndex && f.key === key)) problems.key = 'This key is taken.';
    if (!this.draft.label.trim()) problems.label = 'Label is required.';
    if (!this.draft.description.trim()) problems.description = 'Helper Text is required.';
    if (!FIELD_TYPES.includes(this.draft.type)) problems.type = 'Type is required.';
    if (!FIELD_LOCATIONS.includes(this.draft.location)) problems.location = 'Location is required.';
    return problems;
  }

  /** Save replaces the row (new_new included) with the draft; refused while a rule is broken. */
  saveField(): boolean {
    this.hasTriedSave = true;
    if (this.editingIndex === null || Object.keys(this.draftProblems).length > 0) return false;
    this.fields[this.editingIndex] = {
      ...this.draft,
      key: this.draft.key.trim(),
      label: this.draft.label.trim(),
      description: this.draft.description.trim(),
    };
    this.editingIndex = null;
    return true;
  }

  /** Cancel: an unsaved new_new row goes away. */
  cancelField(): void {
    if (this.editingIndex !== null && this.fields[this.editingIndex]?.key === NEW_FIELD_KEY) {
      this.fields.splice(this.editingIndex, 1);
    }
    this.editingIndex = null;
  }

  removeField(index: number): void {
    if (this.editingIndex !== null) return;
    this.fields.splice(index, 1);
  }

  setTestValue(key: string, value: string): void {
    this.testValues = { ...this.testValues, [key]: value };
  }

  setDedupeKey(key: string): void {
    this.dedupeKey = key;
  }

  /** The input fields as step fields, with the test values. */
  private stepFields(): StepData['fields'] {
    return this.generated.action.fields.map((field) => {
      const value = this.testValues[field.name];
      return value === undefined || value === '' ? { ...field } : { ...field, value };
    });
  }

  private get isOwnApp(): boolean {
    return this.apps.find((a) => a.appSlug === this.appSlug)?.isOwn === true;
  }

  /**
   * Saves the generated list action (and the trigger when `withTrigger`): into the definition
   * of the workspace's own app, else as this workspace's addition to the app. `remove` names
   * keys an earlier test or another noun left behind.
   */
  private async saveEvents(withTrigger: boolean, remove: string[] = []): Promise<void> {
    const built = this.generated;
    let saved: unknown;
    if (this.isOwnApp) {
      const base = this.definition as AppDefinition;
      const actions = { ...base.actions };
      for (const key of remove) delete actions[key];
      if (withTrigger || !remove.includes(built.actionKey)) actions[built.actionKey] = built.action;
      const triggers = withTrigger ? { ...base.triggers, [built.triggerKey]: built.trigger } : base.triggers;
      saved = await this.api.put('/api/apps/{appSlug}', {
        params: { path: { appSlug: this.appSlug } },
        body: { ...base, actions, triggers },
      });
    } else {
      const keep = !remove.includes(built.actionKey);
      saved = await this.api.put('/api/apps/{appSlug}/workspace-events', {
        params: { path: { appSlug: this.appSlug } },
        body: {
          actions: keep ? { [built.actionKey]: built.action } : {},
          triggers: withTrigger ? { [built.triggerKey]: built.trigger } : {},
          remove,
        },
      });
    }
    runInAction(() => {
      this.definition = saved as AppDefinition;
    });
  }

  /** Keys a test under another noun left in the app. */
  private get staleKeys(): string[] {
    const key = this.savedActionKey;
    return key && key !== this.generated.actionKey ? [key] : [];
  }

  /**
   * Tests the endpoint (onboarding 4): the hidden list action is saved into the app, then run
   * once through the step test with the account and the test values; the first array of the
   * answer gives the items, its first item's keys the choices.
   */
  async test(): Promise<void> {
    if (this.testPhase === 'testing' || !this.definition) return;
    this.testPhase = 'testing';
    this.error = '';
    const { editor } = this.deps;
    try {
      await this.saveEvents(false, this.staleKeys);
      runInAction(() => {
        this.savedActionKey = this.generated.actionKey;
      });
      const doc = toDocument(editor.wf.data);
      // The test runs the list action in place of the workflow's first action, on a copy
      // that is never saved.
      const host = doc.steps.find((s) => s.kind === 'action') ?? doc.steps[0];
      const data = createStepData({
        type: this.appSlug,
        label: this.appName,
        action: this.generated.actionKey,
        credential: this.credentialId || null,
        hasauth: this.needsCredential,
        fields: this.stepFields(),
      });
      const steps = doc.steps.map((s) => (s.id === host.id ? { ...s, kind: 'action' as const, data } : s));
      const result = (await this.api.post('/api/workflows/{id}/steps/{stepId}/test', {
        params: { path: { id: doc.id, stepId: host.id } },
        body: { document: { ...doc, steps } },
      })) as TestResultView;
      const found = result.ok ? findFirstArray(result.output) : null;
      runInAction(() => {
        this.testOutput = result.output;
        if (!result.ok || !found || found.items.length === 0) {
          this.testPhase = 'failed';
          this.found = null;
          this.error = result.ok
            ? 'The answer holds no list of items. Check the endpoint.'
            : `The endpoint answered with an error${result.statusCode ? ` (${result.statusCode})` : ''}.`;
          this.deps.notify({ status: 'error', message: TEST_ERROR_TEXT });
          return;
        }
        this.found = found;
        this.keys = dataHeadChoices(result.output);
        if (!this.keys.includes(this.dedupeKey))
          this.dedupeKey = this.keys.includes('id') ? 'id' : (this.keys[0] ?? '');
        this.testPhase = 'tested';
      });
    } catch (error) {
      runInAction(() => {
        this.testPhase = 'failed';
        this.error = problemMessage(error, 'The endpoint could not be tested.');
      });
      this.deps.notify({ status: 'error', message: TEST_ERROR_TEXT });
    }
  }

  /**
   * Leaving without Finish: the hidden list action a test saved is taken out of the app again,
   * unless a trigger uses it.
   */
  async discard(): Promise<void> {
    const key = this.savedActionKey;
    const base = this.definition;
    if (this.isFinished || !key || !base || !base.actions[key]) return;
    if (Object.values(base.triggers).some((t) => t.action === key)) return;
    try {
      await this.saveEvents(false, [key]);
      runInAction(() => {
        this.savedActionKey = null;
      });
    } catch (error) {
      this.deps.notify({
        status: 'error',
        message: problemMessage(error, `${key} could not be removed from the app.`),
      });
    }
  }

  /**
   * Finish: writes list{Noun} and new{Noun} into the app's definition and puts the new trigger
   * on the workflow's trigger step with the account, test values and the first item as test
   * data. Returns true when done.
   */
  async finish(): Promise<boolean> {
    if (!this.canFinish || !this.found) return false;
    this.isFinishing = true;
    this.error = '';
    const { editor } = this.deps;
    try {
      const built = this.generated;
      await this.saveEvents(true, this.staleKeys);
      this.deps.onAppChanged?.(this.appSlug);
      const trigger = editor.wf.data.steps.find((s) => s.kind === 'trigger');
      if (trigger) {
        const definition = this.definition as AppDefinition;
        editor.wf.chooseOnStep(trigger.id, {
          type: 'customTrigger',
          setup: {
            app: {
              appSlug: this.appSlug,
              appName: definition.appName,
              iconURL: definition.iconURL,
              hasauth: this.needsCredential,
            },
            triggerKey: built.triggerKey,
            label: built.trigger.label,
            listActionKey: built.actionKey,
            credential: this.credentialId || null,
            authname: this.credentials.find((c) => c.id === this.credentialId)?.name ?? '',
            fields: this.stepFields(),
            items: this.found.items,
            dataHead: this.found.head,
            dedupeKey: this.dedupeKey,
          },
        });
      }
      runInAction(() => {
        this.isFinishing = false;
        this.isFinished = true;
      });
      this.deps.notify({
        status: 'success',
        message: `The trigger '${built.trigger.label}' was added to ${this.appName}.`,
      });
      return true;
    } catch (error) {
      runInAction(() => {
        this.isFinishing = false;
        this.error = isApiError(error)
          ? problemMessage(error, 'The trigger could not be saved.')
          : 'The trigger could not be saved.';
      });
      return false;
    }
  }
}
