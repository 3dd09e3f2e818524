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
  buildCustomTrigger,
  type CustomTriggerField,
  type CustomTriggerFieldProblems,
  createStepData,
  customTriggerFieldProblems,
  customTriggerNounProblem,
  dataHeadChoices,
  type FoundArray,
  findFirstArray,
  isApiError,
  listEndpointOf,
  NEW_FIELD_KEY,
  needsAuth,
  type StepData,
  toDocument,
} from '@junction/core';
import { getEnv, type Instance, types } from 'mobx-state-tree';
import type { IEditorStore } from '../editor/model/editor-store.js';
import type { TestResultView } from '../editor/model/types.js';
import { failureText } from '../stores/api-failure.js';

// The input fields' types and places and the placeholder key are core's (custom-trigger.ts).
export {
  CUSTOM_TRIGGER_FIELD_LOCATIONS as FIELD_LOCATIONS,
  CUSTOM_TRIGGER_FIELD_TYPES as FIELD_TYPES,
  NEW_FIELD_KEY,
} from '@junction/core';

import { serverStateOf } from '../stores/server-state.js';
/** The toast of a failed endpoint test (onboarding 8). */
export const TEST_ERROR_TEXT = 'There was an error with the test...';
/** Toasts of this spec auto-hide after 6000 ms (onboarding 8). */
export const ONBOARDING_TOAST_MS = 6000;
/** The step titles of the wizard (onboarding 2). */
export const WIZARD_STEPS = ['App and type', 'Endpoint and form design', 'Test'] as const;

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

/** What the wizard's tree is created with (the editor's `createPanelModel` gives `editor`); tests pass fakes. */
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

/** The wizard's state that requests change (see `set`). */
interface WizardState {
  step: 1 | 2 | 3;
  apps: WizardApp[];
  appsError: string;
  type: 'new' | 'updated';
  noun: string;
  definition: AppDefinition | null;
  credentials: WizardCredential[];
  credentialId: string;
  url: string;
  fields: FieldDraft[];
  /** The row open in the field form, and its draft. */
  editingIndex: number | null;
  draft: FieldDraft;
  hasTriedSave: boolean;
  /** Values the test sends for each input field, by key. */
  testValues: Record<string, string>;
  testPhase: 'idle' | 'testing' | 'tested' | 'failed';
  testOutput: unknown;
  found: FoundArray | null;
  keys: string[];
  dedupeKey: string;
  isOfferOpen: boolean;
  isFinishing: boolean;
  isFinished: boolean;
  error: string;
  /** The hidden list action a test saved into the app; taken out again if the wizard is left. */
  savedActionKey: string | null;
}

/**
 * The wizard; the editor's wizard host creates it through the editor's `createPanelModel`.
 * `appSlug` preselects an app; `isOfferSeen` says the premium offer was already shown (and
 * dismissed) before the wizard opened.
 */
export const CustomTriggerWizard = types
  .model('CustomTriggerWizard', {
    appSlug: '',
    isOfferSeen: false,
  })
  .volatile(
    (): WizardState => ({
      step: 1,
      apps: [],
      appsError: '',
      type: 'new',
      noun: '',
      definition: null,
      credentials: [],
      credentialId: '',
      url: '',
      fields: [],
      editingIndex: null,
      draft: blankField(),
      hasTriedSave: false,
      testValues: {},
      testPhase: 'idle',
      testOutput: null,
      found: null,
      keys: [],
      dedupeKey: '',
      isOfferOpen: false,
      isFinishing: false,
      isFinished: false,
      error: '',
      savedActionKey: null,
    }),
  )
  .views((self) => ({
    get env(): WizardDeps {
      return getEnv<WizardDeps>(self);
    },
    /** The server-state layer over the editor's client. */
    get server() {
      const { editor } = getEnv<WizardDeps>(self);
      return serverStateOf(editor.env.api);
    },
    get appName(): string {
      return self.apps.find((a) => a.appSlug === self.appSlug)?.appName ?? self.appSlug;
    },
    /** The generated keys, e.g. listInvoice / newInvoice. */
    get generated() {
      return buildCustomTrigger({
        noun: self.noun.trim() || 'Item',
        url: self.url.trim(),
        fields: self.fields,
        dataHead: self.found?.head ?? '',
        dedupeKey: self.dedupeKey,
      });
    },
    /**
     * Why the noun cannot be used: its list{Noun} or new{Noun} is a key the chosen app already
     * has (core's customTriggerNounProblem, the server's rule); '' until the app's definition
     * is loaded, and for the list action a test of this wizard saved.
     */
    get nounProblem(): string {
      const app = self.definition;
      if (!app || app.appSlug !== self.appSlug) return '';
      return customTriggerNounProblem(app, self.noun, self.savedActionKey ? [self.savedActionKey] : []);
    },
    get needsCredential(): boolean {
      return self.definition !== null && needsAuth(self.definition);
    },
    get isUrlValid(): boolean {
      return /^https?:\/\/\S+$/i.test(self.url.trim());
    },
    /** Finish is disabled until test data exists (onboarding 4). */
    get canFinish(): boolean {
      return self.testPhase === 'tested' && self.found !== null && self.dedupeKey !== '' && !self.isFinishing;
    },
    /** The draft's problems (core's customTriggerFieldProblems: Key, Label, Helper Text, Type and Location, onboarding 5). */
    get draftProblems(): CustomTriggerFieldProblems {
      const others = self.fields.filter((_, i) => i !== self.editingIndex).map((f) => f.key);
      return customTriggerFieldProblems(self.draft, others);
    },
    get isOwnApp(): boolean {
      return self.apps.find((a) => a.appSlug === self.appSlug)?.isOwn === true;
    },
  }))
  .views((self) => ({
    get canContinueFromApp(): boolean {
      return self.appSlug !== '' && self.type === 'new' && /[A-Za-z0-9]/.test(self.noun) && self.nounProblem === '';
    },
    /** onboarding 5: Next needs an endpoint, a credential and form fields. */
    get canContinueFromEndpoint(): boolean {
      return (
        self.isUrlValid &&
        (!self.needsCredential || self.credentialId !== '') &&
        self.fields.some((f) => f.key !== NEW_FIELD_KEY) &&
        self.editingIndex === null
      );
    },
    /** Keys a test under another noun left in the app. */
    get staleKeys(): string[] {
      const key = self.savedActionKey;
      return key && key !== self.generated.actionKey ? [key] : [];
    },
    /** The input fields as step fields, with the test values. */
    stepFields(): StepData['fields'] {
      return self.generated.action.fields.map((field) => {
        const value = self.testValues[field.name];
        return value === undefined || value === '' ? { ...field } : { ...field, value };
      });
    },
  }))
  .actions((self) => ({
    /** Sets part of the wizard's state (what a request's answer changes). */
    set(values: Partial<WizardState & { appSlug: string; isOfferSeen: boolean }>): void {
      Object.assign(self, values);
    },
    setApp(slug: string): void {
      self.appSlug = slug;
      self.definition = null;
      self.credentials = [];
      self.credentialId = '';
    },
    setType(type: 'new' | 'updated'): void {
      // onboarding 4: 'updated' is disabled ('Coming Soon').
      if (type === 'new') self.type = type;
    },
    setNoun(noun: string): void {
      self.noun = noun;
    },
    setUrl(url: string): void {
      self.url = url;
    },
    setCredential(id: string): void {
      self.credentialId = id;
    },
    back(): void {
      if (self.step > 1) self.step = (self.step - 1) as 1 | 2;
    },
    editField(index: number): void {
      const row = self.fields[index];
      if (!row) return;
      self.editingIndex = index;
      self.hasTriedSave = false;
      self.draft = { ...row, key: row.key === NEW_FIELD_KEY ? '' : row.key };
    },
    setDraft(patch: Partial<FieldDraft>): void {
      self.draft = { ...self.draft, ...patch };
    },
    /** Save replaces the row (new_new included) with the draft; refused while a rule is broken. */
    saveField(): boolean {
      self.hasTriedSave = true;
      const at = self.editingIndex;
      if (at === null || Object.keys(self.draftProblems).length > 0) return false;
      const saved = {
        ...self.draft,
        key: self.draft.key.trim(),
        label: self.draft.label.trim(),
        description: self.draft.description.trim(),
      };
      self.fields = self.fields.map((f, i) => (i === at ? saved : f));
      self.editingIndex = null;
      return true;
    },
    /** Cancel: an unsaved new_new row goes away. */
    cancelField(): void {
      const at = self.editingIndex;
      if (at !== null && self.fields[at]?.key === NEW_FIELD_KEY) self.fields = self.fields.filter((_, i) => i !== at);
      self.editingIndex = null;
    },
    removeField(index: number): void {
      if (self.editingIndex !== null) return;
      self.fields = self.fields.filter((_, i) => i !== index);
    },
    setTestValue(key: string, value: string): void {
      self.testValues = { ...self.testValues, [key]: value };
    },
    setDedupeKey(key: string): void {
      self.dedupeKey = key;
    },
  }))
  .actions((self) => ({
    /** Adds a row with the placeholder key new_new and opens it (onboarding 4). */
    addField(): void {
      if (self.editingIndex !== null) return;
      self.set({ fields: [...self.fields, blankField()] });
      self.editField(self.fields.length - 1);
    },
    /** Loads every app with an API: the workspace's own, the catalogue's and the built-ins. */
    async loadApps(): Promise<void> {
      try {
        const list = await self.server.read('/api/apps', undefined);
        const apps = list.items
          // Tools without an API of their own (Schedule, Webhook, Formatter…) have nothing to poll.
          .filter((app) => app.editable === true || app.disableAuth !== true)
          .map((app) => ({ appSlug: app.appSlug, appName: app.appName, isOwn: app.editable === true }));
        self.set({ apps });
        if (self.appSlug && !apps.some((a) => a.appSlug === self.appSlug)) self.set({ appSlug: '' });
      } catch (error) {
        self.set({ appsError: failureText(error, 'The apps could not be loaded.') });
      }
    },
    /** Loads the chosen app's definition (the noun is checked against its keys); once per app. */
    async loadDefinition(): Promise<void> {
      const slug = self.appSlug;
      if (!slug || self.definition?.appSlug === slug) return;
      try {
        const definition = (await self.server.read('/api/apps/{appSlug}', {
          params: { path: { appSlug: slug } },
        })) as AppDefinition;
        // The user may have chosen another app meanwhile.
        if (self.appSlug === slug) self.set({ definition });
      } catch (error) {
        self.set({ error: failureText(error, 'The app could not be loaded.') });
      }
    },
    async enterEndpointStep(): Promise<void> {
      self.set({ error: '' });
      try {
        const slug = self.appSlug;
        const definition = (await self.server.read('/api/apps/{appSlug}', {
          params: { path: { appSlug: slug } },
        })) as AppDefinition;
        const accounts = await self.server.read('/api/credentials', { params: { query: { app: slug } } });
        const credentials = accounts.items.map((c) => ({ id: c.id, name: c.name }));
        self.set({
          definition,
          // The endpoint starts at the app's list request (the Demo CRM's contacts), else its base URL.
          url: self.url.trim() === '' ? listEndpointOf(definition, self.env.origin) : self.url,
          credentials,
          credentialId: !self.credentialId && credentials[0] ? credentials[0].id : self.credentialId,
          step: 2,
        });
      } catch (error) {
        self.set({ error: failureText(error, 'The app could not be loaded.') });
      }
    },
    /**
     * Saves the generated list action (and the trigger when `withTrigger`): into the definition
     * of the workspace's own app, else as this workspace's addition to the app. `remove` names
     * keys an earlier test or another noun left behind.
     */
    async saveEvents(withTrigger: boolean, remove: string[] = []): Promise<void> {
      const built = self.generated;
      let saved: unknown;
      if (self.isOwnApp) {
        const base = self.definition as AppDefinition;
        const actions = { ...base.actions };
        for (const key of remove) delete actions[key];
        if (withTrigger || !remove.includes(built.actionKey)) actions[built.actionKey] = built.action;
        const triggers = withTrigger ? { ...base.triggers, [built.triggerKey]: built.trigger } : base.triggers;
        saved = await self.server.mutate((client) =>
          client.put('/api/apps/{appSlug}', {
            params: { path: { appSlug: self.appSlug } },
            body: { ...base, actions, triggers },
          }),
        );
      } else {
        const keep = !remove.includes(built.actionKey);
        saved = await self.server.mutate((client) =>
          client.put('/api/apps/{appSlug}/workspace-events', {
            params: { path: { appSlug: self.appSlug } },
            body: {
              actions: keep ? { [built.actionKey]: built.action } : {},
              triggers: withTrigger ? { [built.triggerKey]: built.trigger } : {},
              remove,
            },
          }),
        );
      }
      self.set({ definition: saved as AppDefinition });
    },
  }))
  .actions((self) => ({
    /** Next / Continue: step 1 → 2 (after the premium offer on a free plan) → 3. */
    async next(): Promise<void> {
      if (self.step === 1) {
        // A taken noun is said here, on step 1, never only at Finish.
        await self.loadDefinition();
        if (!self.canContinueFromApp) return;
        if (!self.isOfferSeen && self.env.isOfferedPremium()) {
          self.set({ isOfferOpen: true });
          return;
        }
        await self.enterEndpointStep();
      } else if (self.step === 2 && self.canContinueFromEndpoint) {
        self.set({ step: 3 });
      }
    },
    /** The premium offer was dismissed ('No thanks'): the wizard goes on. */
    async dismissOffer(): Promise<void> {
      self.set({ isOfferOpen: false, isOfferSeen: true });
      await self.enterEndpointStep();
    },
    /**
     * Tests the endpoint (onboarding 4): the hidden list action is saved into the app, then run
     * once through the step test with the account and the test values; the first array of the
     * answer gives the items, its first item's keys the choices.
     */
    async test(): Promise<void> {
      if (self.testPhase === 'testing' || !self.definition) return;
      self.set({ testPhase: 'testing', error: '' });
      const { editor } = self.env;
      try {
        await self.saveEvents(false, self.staleKeys);
        self.set({ savedActionKey: self.generated.actionKey });
        const doc = toDocument(editor.wf.data);
        // The test runs the list action in place of the workflow's first action, on a copy
        // that is never saved.
        const host = doc.steps.find((s) => s.kind === 'action') ?? doc.steps[0];
        const data = createStepData({
          type: self.appSlug,
          label: self.appName,
          action: self.generated.actionKey,
          credential: self.credentialId || null,
          hasauth: self.needsCredential,
          fields: self.stepFields(),
        });
        const steps = doc.steps.map((s) => (s.id === host.id ? { ...s, kind: 'action' as const, data } : s));
        const result = (await self.server.mutate((client) =>
          client.post('/api/workflows/{id}/steps/{stepId}/test', {
            params: { path: { id: doc.id, stepId: host.id } },
            body: { document: { ...doc, steps } },
          }),
        )) as TestResultView;
        const found = result.ok ? findFirstArray(result.output) : null;
        if (!result.ok || !found || found.items.length === 0) {
          self.set({
            testOutput: result.output,
            testPhase: 'failed',
            found: null,
            error: result.ok
              ? 'The answer holds no list of items. Check the endpoint.'
              : `The endpoint answered with an error${result.statusCode ? ` (${result.statusCode})` : ''}.`,
          });
          self.env.notify({ status: 'error', message: TEST_ERROR_TEXT });
          return;
        }
        const keys = dataHeadChoices(result.output);
        self.set({
          testOutput: result.output,
          found,
          keys,
          dedupeKey: keys.includes(self.dedupeKey) ? self.dedupeKey : keys.includes('id') ? 'id' : (keys[0] ?? ''),
          testPhase: 'tested',
        });
      } catch (error) {
        self.set({ testPhase: 'failed', error: failureText(error, 'The endpoint could not be tested.') });
        self.env.notify({ status: 'error', message: TEST_ERROR_TEXT });
      }
    },
    /**
     * Leaving without Finish: the hidden list action a test saved is taken out of the app again,
     * unless a trigger uses it.
     */
    async discard(): Promise<void> {
      const key = self.savedActionKey;
      const base = self.definition;
      if (self.isFinished || !key || !base || !base.actions[key]) return;
      if (Object.values(base.triggers).some((t) => t.action === key)) return;
      try {
        await self.saveEvents(false, [key]);
        self.set({ savedActionKey: null });
      } catch (error) {
        self.env.notify({
          status: 'error',
          message: failureText(error, `${key} could not be removed from the app.`),
        });
      }
    },
    /**
     * Finish: writes list{Noun} and new{Noun} into the app's definition and puts the new trigger
     * on the workflow's trigger step with the account, test values and the first item as test
     * data. Returns true when done.
     */
    async finish(): Promise<boolean> {
      const found = self.found;
      if (!self.canFinish || !found) return false;
      self.set({ isFinishing: true, error: '' });
      const { editor } = self.env;
      try {
        const built = self.generated;
        await self.saveEvents(true, self.staleKeys);
        self.env.onAppChanged?.(self.appSlug);
        const trigger = editor.wf.data.steps.find((s) => s.kind === 'trigger');
        if (trigger) {
          const definition = self.definition as AppDefinition;
          editor.wf.chooseOnStep(trigger.id, {
            type: 'customTrigger',
            setup: {
              app: {
                appSlug: self.appSlug,
                appName: definition.appName,
                iconURL: definition.iconURL,
                hasauth: self.needsCredential,
              },
              triggerKey: built.triggerKey,
              label: built.trigger.label,
              listActionKey: built.actionKey,
              credential: self.credentialId || null,
              authname: self.credentials.find((c) => c.id === self.credentialId)?.name ?? '',
              fields: self.stepFields(),
              items: found.items,
              dataHead: found.head,
              dedupeKey: self.dedupeKey,
            },
          });
        }
        self.set({ isFinishing: false, isFinished: true });
        self.env.notify({
          status: 'success',
          message: `The trigger '${built.trigger.label}' was added to ${self.appName}.`,
        });
        return true;
      } catch (error) {
        self.set({
          isFinishing: false,
          error: isApiError(error)
            ? failureText(error, 'The trigger could not be saved.')
            : 'The trigger could not be saved.',
        });
        return false;
      }
    },
  }));

/** A wizard instance. */
export interface ICustomTriggerWizard extends Instance<typeof CustomTriggerWizard> {}
