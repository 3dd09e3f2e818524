/**
 * The view model of the action and trigger panels (editor-core 2.8, 2.9, 4.8, 5.2): a vertical
 * stepper App → Event → Account → set-up → Test over one step of the open workflow. Every edit
 * is one of core's typed edits through the workflow model (`editStepSetup`, `startStepTest`,
 * `recordStepTest`: 'step updated', no undo entry), so autosave and the issues list see it at once.
 */
import {
  type AppDefinition,
  type CatalogTab,
  canContinueSection,
  type EventOption,
  type EventOptionGroup,
  eventsByGroup,
  type FieldDef,
  firstSection,
  HTTP_APP_SLUG,
  type IStep,
  isApiError,
  isSectionDone,
  isSectionEnabled,
  isUnreachable,
  missingRequiredFields,
  nextSection,
  type StepData,
  type StepSection,
  stepSections,
  testStateOf,
  testSuccessText,
  toDocument,
  toStepField,
  visibleTriggers,
  withDefinitionFields,
} from '@junction/core';
import { type Instance, types } from 'mobx-state-tree';
import { failureText } from '../../stores/api-failure.js';
import { serverStateOf } from '../../stores/server-state.js';
import { type AppCatalog, appOptions, toCatalogApp } from '../model/panel-catalog.js';
import { type PanelEnv, panelEnv } from '../model/panel-common.js';
import type { AppSummaryView, TestResultView } from '../model/types.js';
import { emptyActionsTicket, incompleteActionTicket } from './panel-ticket-rules.js';
import type { AutoTicket } from './panel-tickets.js';

/** The product name the panel texts use ('Forms by {product}'). */
export const PRODUCT_NAME = 'Junction';

/** The sections of the stepper, in order (core's StepSection, editor-core 2.8). */
export type PanelSection = StepSection;

/** Test phases (editor-core 4.1). */
export type TestPhase = 'idle' | 'testing' | 'tested' | 'testFailed';

/** The quick choices of the empty trigger card (editor-core 2.9), by app slug. */
export const QUICK_TRIGGERS: ReadonlyArray<{ slug: string; label: string }> = [
  { slug: 'schedule', label: 'Schedule' },
  { slug: 'webhook', label: 'Webhook' },
  { slug: 'junction-forms', label: `Forms by ${PRODUCT_NAME}` },
];

/** The Forms by {product} app: its trigger starts the workflow when its public form is submitted. */
export const FORMS_APP_SLUG = 'junction-forms';

/** The trigger field that names the form (server/src/integrations/builtin/hooks.ts). */
export const FORM_ID_FIELD = 'formId';

export { HTTP_APP_SLUG, toStepField };

/** The title of one stepper section for a step kind. */
export function sectionTitle(section: PanelSection, kind: 'trigger' | 'action'): string {
  if (section === 'app') return 'App';
  if (section === 'event') return 'Event';
  if (section === 'account') return 'Account';
  if (section === 'setup') return kind === 'trigger' ? 'Trigger set-up' : 'Action set-up';
  return 'Test';
}

/** The text a panel shows when an app has no actions (editor-core 2.8). */
export function noActionsText(product: string): string {
  return `Looks like ${product} doesn't have any actions. You can still use this app with Custom Actions (below).`;
}

/** The text a panel shows when an app has no triggers (editor-core 2.9). */
export function noTriggersText(app: string): string {
  return `Looks like no one has created a trigger for ${app} yet...`;
}

/**
 * The extra line under {@link noTriggersText} for an app without accounts (editor-core 2.9);
 * clicking it opens the support chat (dashboard/SupportChatLauncher.tsx) with
 * {@link triggerRequestDraft}.
 */
export const REQUEST_TRIGGER_TEXT = 'Request a new trigger via chat (bottom right)';

/** The event a trigger request is filed under (the chat's first line, so the ticket's title). */
export const TRIGGER_REQUEST_EVENT = 'New trigger request';

/**
 * The chat message a trigger request for `app` starts with.
 *
 * @example triggerRequestDraft('Formatter') // 'New trigger request: Formatter'
 */
export function triggerRequestDraft(app: string): string {
  return `${TRIGGER_REQUEST_EVENT}: ${app}`;
}

/** The heading of a failed test (editor-core 8): 'An error occurred with — {app} - {event}'. */
export function testErrorText(app: string, event: string): string {
  return `An error occurred with — ${app} - ${event}`;
}

/** Shown while a test runs (editor-core 4.8). */
export const WAITING_TEXT = 'Waiting for response data';

/** Returns the events an app offers a step: grouped actions, or triggers as one group. */
export function eventOptions(kind: 'trigger' | 'action', app: AppDefinition | null, query = ''): EventOptionGroup[] {
  if (!app) return [];
  const needle = query.trim().toLowerCase();
  const matches = (event: EventOption) => needle === '' || event.title.toLowerCase().includes(needle);
  if (kind === 'trigger') {
    const events = visibleTriggers(app).filter(matches);
    return events.length === 0 ? [] : [{ group: 'CREATE', events }];
  }
  return eventsByGroup(app)
    .map((group) => ({ group: group.group, events: group.events.filter(matches) }))
    .filter((group) => group.events.length > 0);
}

function fieldValue(data: StepData, name: string): string {
  const value = data.fields.find((f) => f.name === name)?.value;
  return typeof value === 'string' ? value : '';
}

/** What a step panel's tree is created with (the editor's `createPanelModel`). */
export interface StepPanelEnv extends PanelEnv {
  /** Files an automatic ticket (editor-core 8); the panel files each once. */
  onAutoTicket?: (ticket: AutoTicket) => void;
}

/** The stepper over one trigger or action step; made by the editor's `createPanelModel`. */
export const StepPanelModel = types
  .model('StepPanel', { stepId: types.string })
  .volatile(() => ({
    section: 'app' as PanelSection,
    tab: 'all' as CatalogTab,
    appQuery: '',
    eventQuery: '',
    // Definitions and results are plain JSON read as is: kept by reference (volatile).
    definition: null as AppDefinition | null,
    definitionError: '',
    isDefinitionLoading: false,
    testPhase: 'idle' as TestPhase,
    testResult: null as TestResultView | null,
    testError: '',
    /** The 'Let's add an event to {app}!' modal. */
    isCustomEventOpen: false,
    /** The form builder dialog of a Forms trigger. */
    isFormBuilderOpen: false,
  }))
  .views((self) => ({
    get env(): StepPanelEnv {
      return panelEnv<StepPanelEnv>(self);
    },
    get catalog(): AppCatalog {
      return panelEnv(self).editor.catalog;
    },
    get step(): IStep {
      const step = panelEnv(self).editor.wf.stepById(self.stepId);
      if (!step) throw new Error(`Step ${self.stepId} is not in the workflow; close its panel first.`);
      return step;
    },
    /** True while the step still exists (it may be deleted or undone away while the panel is open). */
    get exists(): boolean {
      return panelEnv(self).editor.wf.stepById(self.stepId) !== undefined;
    },
  }))
  .views((self) => ({
    get data(): StepData {
      return self.step.data as StepData;
    },
    get kind(): 'trigger' | 'action' {
      return self.step.kind === 'trigger' ? 'trigger' : 'action';
    },
  }))
  .views((self) => ({
    get hasApp(): boolean {
      return self.data.type !== '';
    },
    get hasEvent(): boolean {
      return self.data.action !== '';
    },
    get needsAccount(): boolean {
      return self.data.hasauth;
    },
    /** The sections shown: Account only when the app needs auth (core's stepSections). */
    get sections(): PanelSection[] {
      return stepSections(self.data);
    },
    /** Whether a section can be opened (core's isSectionEnabled, editor-core 4.8). */
    isEnabled(section: PanelSection): boolean {
      return isSectionEnabled(self.data, section);
    },
    /** Whether Continue is allowed in a section (core's canContinueSection, editor-core 5.2). */
    canContinue(section: PanelSection): boolean {
      return canContinueSection(self.data, section, self.testPhase === 'testing');
    },
    /** Whether a section is done (core's isSectionDone: a failed or stale test is not). */
    isDone(section: PanelSection): boolean {
      return isSectionDone(self.data, section);
    },
    /** The App step's options: at most 50 of the tab, matched anywhere; a trigger's only apps with triggers. */
    get appOptions(): AppSummaryView[] {
      return appOptions(self.catalog.apps, self.tab, self.appQuery, self.kind);
    },
    get eventGroups(): EventOptionGroup[] {
      return eventOptions(self.kind, self.definition, self.eventQuery);
    },
    /** True when the chosen app offers no events of this step's kind at all. */
    get hasNoEvents(): boolean {
      return self.definition !== null && eventOptions(self.kind, self.definition).length === 0;
    },
    /** True for a Forms by {product} trigger, whose set-up is its form. */
    get isFormsTrigger(): boolean {
      return self.kind === 'trigger' && self.data.type === FORMS_APP_SLUG;
    },
    /** The form a Forms trigger names; '' when none was saved yet. */
    get formId(): string {
      return fieldValue(self.data, FORM_ID_FIELD);
    },
    /** The chosen event's field definitions, once the app's definition is loaded. */
    get eventFields(): FieldDef[] | undefined {
      const app = self.definition;
      const key = self.data.action;
      if (!app || !key) return undefined;
      const events = self.kind === 'trigger' ? app.triggers : app.actions;
      return Object.hasOwn(events, key) ? (events[key].fields ?? undefined) : undefined;
    },
    /** Required fields still without a value (the set-up step is done when none are left). */
    get missingRequired(): FieldDef[] {
      return missingRequiredFields(self.data);
    },
    /** The success line: 'A request to X was done in Y about N ago' (editor-core 4.8). */
    successText(nowMs: number): string {
      const data = self.data;
      const fieldValue = (name: string) => data.fields.find((field) => field.name === name)?.value;
      return testSuccessText({
        app: data.label,
        event: data.actionlabel,
        testedAtMs: data.actionTestTime ?? nowMs,
        nowMs,
        // The HTTP request app says where its request went.
        request: { method: fieldValue('requestType'), url: fieldValue('url') },
      });
    },
    /** What the test viewer shows: the last result's output, else the stored test data. */
    get shownOutput(): unknown {
      if (self.testResult) return self.testResult.output;
      return self.data.testData;
    },
  }))
  .views((self) => ({
    /** The fields the set-up form shows: hidden fields are not shown (editor-core 5.2). */
    get visibleFields(): FieldDef[] {
      return withDefinitionFields(self.data.fields, self.eventFields).filter((field) => !field.hidden);
    },
  }))
  .actions((self) => {
    // Every edit keeps the automatic name up to date until the user renames (editor-core 4.8).
    const update = (patch: Partial<StepData>) => self.env.editor.wf.editStepSetup(self.stepId, patch);
    const resetTest = () => {
      self.testPhase = 'idle';
      self.testResult = null;
      self.testError = '';
    };
    return {
      /** Opens the first section not done and takes the step's test state (a new panel). */
      initFromStep(): void {
        const data = self.data;
        self.section = firstSection(data);
        const state = testStateOf(data).status;
        if (state === 'tested') self.testPhase = 'tested';
        else if (state === 'failed') self.testPhase = 'testFailed';
      },
      /** Opens a section by its header; disabled sections stay closed. */
      open(section: PanelSection): void {
        if (self.isEnabled(section)) self.section = section;
      },
      /** Moves to the next shown section when Continue is allowed. */
      continue(): void {
        if (!self.canContinue(self.section)) return;
        const next = nextSection(self.data, self.section);
        if (next) self.section = next;
      },
      setTab(tab: CatalogTab): void {
        self.tab = tab;
      },
      setAppQuery(query: string): void {
        self.appQuery = query;
      },
      setEventQuery(query: string): void {
        self.eventQuery = query;
      },
      setFormBuilderOpen(open: boolean): void {
        self.isFormBuilderOpen = open;
      },
      setCustomEventOpen(open: boolean): void {
        self.isCustomEventOpen = open;
      },
      /**
       * A form was saved from the builder (bound to this workflow by the server): the trigger
       * names it in its `formId` field, added when the app's definition did not give it.
       */
      formSaved(formId: string): void {
        if (self.formId === formId) return;
        const fields = self.data.fields.map(toStepField);
        const field = fields.find((f) => f.name === FORM_ID_FIELD);
        if (field) field.value = formId;
        else
          fields.push({
            name: FORM_ID_FIELD,
            title: 'Form',
            required: true,
            schema: { type: 'string' },
            value: formId,
          });
        update({ fields });
      },
      /** Sets one field's value; the step keeps its automatic name in step (custom requests). */
      setFieldValue(name: string, value: unknown): void {
        // A field the event's definition gained since the step was set up is added with its value.
        const fields = withDefinitionFields(self.data.fields, self.eventFields).map((field) =>
          field.name === name ? { ...toStepField(field), value } : toStepField(field),
        );
        update({ fields });
      },
      /** Notes where loading the app's definition is. */
      definitionLoading(slug: string | null): void {
        self.isDefinitionLoading = slug !== null;
        if (slug !== null) self.definitionError = '';
      },
      definitionLoaded(slug: string, definition: AppDefinition): void {
        if (self.exists && self.data.type === slug) self.definition = definition;
      },
      definitionFailed(message: string): void {
        self.definitionError = message;
      },
      /** Marks a test as started (editor-core 4.8): the test time is set, the Test section opens. */
      testStarted(): void {
        self.testPhase = 'testing';
        self.testError = '';
        self.testResult = null;
        self.section = 'test';
        self.env.editor.wf.startStepTest(self.stepId, self.env.now());
      },
      /** Records a test's answer on the step (editor-core 4.8, 5.1). */
      testAnswered(result: TestResultView): void {
        self.testResult = result;
        if (!self.exists) return;
        const { editor, now } = self.env;
        const parsed = Date.parse(result.testedAt);
        const testedAt = Number.isFinite(parsed) ? parsed : now();
        // editor-core 4.8, 5.1: the result replaces the old sample, a failure included, so the
        // step reads 'Test data error.' and the switch stays blocked until a good test.
        const outcome = result.ok
          ? { ok: true as const, output: result.output, testedAt }
          : { ok: false as const, error: result.message ?? '', output: result.output, testedAt };
        editor.wf.recordStepTest(self.stepId, outcome);
        self.testPhase = result.ok ? 'tested' : 'testFailed';
        if (!result.ok) self.testError = testErrorText(self.data.label, self.data.actionlabel);
      },
      /** A test call that failed (editor-core 8): a refusal (an invalid URL, a 4xx Problem) is recorded too. */
      testCallFailed(error: unknown): void {
        self.testPhase = 'testFailed';
        self.testError = failureText(error, 'The test could not be run.');
        if (self.exists && isApiError(error) && !isUnreachable(error)) {
          self.env.editor.wf.recordStepTest(self.stepId, {
            ok: false,
            error: self.testError,
            testedAt: self.env.now(),
          });
        }
      },
      /** Sets the chosen app on the step (clearing what depends on it) and opens Event. */
      choseApp(app: AppSummaryView): void {
        self.definition = null;
        self.env.editor.wf.chooseOnStep(self.stepId, { type: 'app', app: toCatalogApp(app) });
        resetTest();
        self.section = 'event';
        self.eventQuery = '';
      },
      /** Chooses an event: its fields, labels and trigger settings; clears test data (editor-core 4.8). */
      chooseEvent(key: string): void {
        const app = self.definition;
        if (!app) return;
        const { editor, onAutoTicket } = self.env;
        if (!editor.wf.chooseOnStep(self.stepId, { type: 'event', app, event: key })) return;
        if (self.kind === 'action') {
          const ticket = incompleteActionTicket(app, key, app.actions[key]);
          if (ticket) onAutoTicket?.(ticket);
        }
        resetTest();
        self.section = self.needsAccount && self.data.credential === null ? 'account' : 'setup';
      },
    };
  })
  .actions((self) => ({
    /** Loads the chosen app's whole definition (events, fields, auth). */
    async loadDefinition(): Promise<void> {
      const slug = self.data.type;
      if (slug === '') return;
      self.definitionLoading(slug);
      try {
        const definition = await self.catalog.definition(slug);
        self.definitionLoaded(slug, definition);
        const ticket = self.kind === 'action' ? emptyActionsTicket(definition) : null;
        if (ticket) self.env.onAutoTicket?.(ticket);
      } catch (error) {
        self.definitionFailed(failureText(error, `The app ${slug} could not be loaded.`));
      } finally {
        self.definitionLoading(null);
      }
    },
    /**
     * Tests the step (editor-core 4.8): sets the test time, moves to the result, and stores the
     * output as the step's test data on success; a failing call shows its error data.
     */
    async runTest(): Promise<void> {
      if (self.testPhase === 'testing') return;
      const { editor } = self.env;
      self.testStarted();
      try {
        const result = (await serverStateOf(editor.env.api).mutate((client) =>
          client.post('/api/workflows/{id}/steps/{stepId}/test', {
            params: { path: { id: editor.wf.id, stepId: self.stepId } },
            body: { document: toDocument(editor.wf.data) },
          }),
        )) as TestResultView;
        self.testAnswered(result);
      } catch (error) {
        self.testCallFailed(error);
      }
    },
  }))
  .actions((self) => ({
    afterCreate(): void {
      self.initFromStep();
      if (self.data.type !== '') void self.loadDefinition();
    },
    /**
     * Chooses an app: sets type, label, icon and auth, and clears event, label, credential, auth
     * name and test data (editor-core 4.8); then moves to Event.
     */
    async chooseApp(app: AppSummaryView): Promise<void> {
      self.choseApp(app);
      await self.loadDefinition();
    },
  }))
  .actions((self) => ({
    /**
     * Chooses a trigger quick choice (Schedule, Webhook, Forms): the app with no auth, and its
     * event when it has exactly one (editor-core 2.9).
     */
    async chooseQuickTrigger(slug: string): Promise<void> {
      const listed = self.catalog.summary(slug);
      const label = QUICK_TRIGGERS.find((q) => q.slug === slug)?.label ?? slug;
      const choosing = self.chooseApp(listed ?? { appSlug: slug, appName: label, disableAuth: true });
      // Forms: the form is built right away (saving it binds it to this workflow); the builder
      // opens without waiting for the app's definition to load.
      if (slug === FORMS_APP_SLUG && self.data.type === FORMS_APP_SLUG) self.setFormBuilderOpen(true);
      await choosing;
      const only = eventOptions(self.kind, self.definition).flatMap((g) => g.events);
      if (only.length === 1) self.chooseEvent(only[0].key);
    },
  }));

/** A step panel instance. */
export interface IStepPanelModel extends Instance<typeof StepPanelModel> {}
