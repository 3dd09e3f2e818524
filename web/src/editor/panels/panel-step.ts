/**
 * The view model of the action and trigger panels (editor-core 2.8, 2.9, 4.8, 5.2): a vertical
 * stepper App → Event → Account → set-up → Test over one step of the open workflow. Every edit
 * goes through the workflow model's `updateStep` ('step updated', no undo entry), so autosave
 * and the issues list see it at once.
 */
import {
  type AppDefinition,
  applyStepPatch,
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
  missingRequiredFields,
  nextSection,
  recordTestResult,
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
import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import type { IEditorStore } from '../../stores/editor-store.js';
import { type AppCatalog, appOptions, toCatalogApp } from './panel-catalog.js';
import { type AppSummaryView, problemMessage, type TestResultView } from './panel-common.js';
import { type AutoTicket, emptyActionsTicket, incompleteActionTicket } from './panel-tickets.js';

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

/** The extra line under {@link noTriggersText} for an app without accounts (editor-core 2.9). */
export const REQUEST_TRIGGER_TEXT = 'Request a new trigger via chat (bottom right)';

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

/** What a step panel works with; injected so tests pass fakes. */
export interface StepPanelDeps {
  editor: IEditorStore;
  stepId: string;
  catalog: AppCatalog;
  now: () => number;
  /** Files an automatic ticket (editor-core 8); the panel files each once. */
  onAutoTicket?: (ticket: AutoTicket) => void;
}

/** The stepper over one trigger or action step. */
export class StepPanelModel {
  section: PanelSection;
  tab: CatalogTab = 'all';
  appQuery = '';
  eventQuery = '';
  definition: AppDefinition | null = null;
  definitionError = '';
  isDefinitionLoading = false;
  testPhase: TestPhase = 'idle';
  testResult: TestResultView | null = null;
  testError = '';
  /** The 'Let's add an event to {app}!' modal. */
  isCustomEventOpen = false;
  /** The form builder dialog of a Forms trigger. */
  isFormBuilderOpen = false;

  constructor(private readonly deps: StepPanelDeps) {
    const data = this.data;
    this.section = firstSection(data);
    const state = testStateOf(data).status;
    if (state === 'tested') this.testPhase = 'tested';
    else if (state === 'failed') this.testPhase = 'testFailed';
    // Definitions and results are plain JSON read as is: kept by reference, never deep observables.
    makeAutoObservable<StepPanelModel, 'deps'>(this, {
      deps: false,
      definition: observableRef,
      testResult: observableRef,
    });
    if (data.type !== '') void this.loadDefinition();
  }

  get step(): IStep {
    const step = this.deps.editor.wf.stepById(this.deps.stepId);
    if (!step) throw new Error(`Step ${this.deps.stepId} is not in the workflow; close its panel first.`);
    return step;
  }

  /** True while the step still exists (it may be deleted or undone away while the panel is open). */
  get exists(): boolean {
    return this.deps.editor.wf.stepById(this.deps.stepId) !== undefined;
  }

  get stepId(): string {
    return this.deps.stepId;
  }

  get data(): StepData {
    return this.step.data as StepData;
  }

  get kind(): 'trigger' | 'action' {
    return this.step.kind === 'trigger' ? 'trigger' : 'action';
  }

  get hasApp(): boolean {
    return this.data.type !== '';
  }

  get hasEvent(): boolean {
    return this.data.action !== '';
  }

  get needsAccount(): boolean {
    return this.data.hasauth;
  }

  /** The sections shown: Account only when the app needs auth (core's stepSections). */
  get sections(): PanelSection[] {
    return stepSections(this.data);
  }

  /** Whether a section can be opened (core's isSectionEnabled, editor-core 4.8). */
  isEnabled(section: PanelSection): boolean {
    return isSectionEnabled(this.data, section);
  }

  /** Whether Continue is allowed in a section (core's canContinueSection, editor-core 5.2). */
  canContinue(section: PanelSection): boolean {
    return canContinueSection(this.data, section, this.testPhase === 'testing');
  }

  /** Whether a section is done (core's isSectionDone: a failed or stale test is not). */
  isDone(section: PanelSection): boolean {
    return isSectionDone(this.data, section);
  }

  /** Opens a section by its header; disabled sections stay closed. */
  open(section: PanelSection): void {
    if (this.isEnabled(section)) this.section = section;
  }

  /** Moves to the next shown section when Continue is allowed. */
  continue(): void {
    if (!this.canContinue(this.section)) return;
    const next = nextSection(this.data, this.section);
    if (next) this.section = next;
  }

  setTab(tab: CatalogTab): void {
    this.tab = tab;
  }

  setAppQuery(query: string): void {
    this.appQuery = query;
  }

  setEventQuery(query: string): void {
    this.eventQuery = query;
  }

  /** The App step's options: at most 50 of the tab, matched anywhere; a trigger's only apps with triggers. */
  get appOptions(): AppSummaryView[] {
    return appOptions(this.deps.catalog.apps, this.tab, this.appQuery, this.kind);
  }

  get eventGroups(): EventOptionGroup[] {
    return eventOptions(this.kind, this.definition, this.eventQuery);
  }

  /** True when the chosen app offers no events of this step's kind at all. */
  get hasNoEvents(): boolean {
    return this.definition !== null && eventOptions(this.kind, this.definition).length === 0;
  }

  // Every edit keeps the automatic name up to date until the user renames (editor-core 4.8).
  private update(patch: Partial<StepData>): void {
    this.deps.editor.wf.updateStep(this.deps.stepId, applyStepPatch(this.kind, this.data, patch));
  }

  /** Loads the chosen app's whole definition (events, fields, auth). */
  async loadDefinition(): Promise<void> {
    const slug = this.data.type;
    if (slug === '') return;
    this.isDefinitionLoading = true;
    this.definitionError = '';
    try {
      const definition = await this.deps.catalog.definition(slug);
      runInAction(() => {
        if (this.exists && this.data.type === slug) this.definition = definition;
      });
      const ticket = this.kind === 'action' ? emptyActionsTicket(definition) : null;
      if (ticket) this.deps.onAutoTicket?.(ticket);
    } catch (error) {
      runInAction(() => {
        this.definitionError = problemMessage(error, `The app ${slug} could not be loaded.`);
      });
    } finally {
      runInAction(() => {
        this.isDefinitionLoading = false;
      });
    }
  }

  /**
   * Chooses an app: sets type, label, icon and auth, and clears event, label, credential, auth
   * name and test data (editor-core 4.8); then moves to Event.
   */
  async chooseApp(app: AppSummaryView): Promise<void> {
    this.definition = null;
    this.deps.editor.wf.chooseOnStep(this.deps.stepId, { type: 'app', app: toCatalogApp(app) });
    this.resetTest();
    this.section = 'event';
    this.eventQuery = '';
    await this.loadDefinition();
  }

  /**
   * Chooses a trigger quick choice (Schedule, Webhook, Forms): the app with no auth, and its
   * event when it has exactly one (editor-core 2.9).
   */
  async chooseQuickTrigger(slug: string): Promise<void> {
    const listed = this.deps.catalog.summary(slug);
    const label = QUICK_TRIGGERS.find((q) => q.slug === slug)?.label ?? slug;
    const choosing = this.chooseApp(listed ?? { appSlug: slug, appName: label, disableAuth: true });
    // Forms: the form is built right away (saving it binds it to this workflow); the builder
    // opens without waiting for the app's definition to load.
    if (slug === FORMS_APP_SLUG && this.data.type === FORMS_APP_SLUG) this.setFormBuilderOpen(true);
    await choosing;
    const only = eventOptions(this.kind, this.definition).flatMap((g) => g.events);
    if (only.length === 1) this.chooseEvent(only[0].key);
  }

  /** True for a Forms by {product} trigger, whose set-up is its form. */
  get isFormsTrigger(): boolean {
    return this.kind === 'trigger' && this.data.type === FORMS_APP_SLUG;
  }

  /** The form a Forms trigger names; '' when none was saved yet. */
  get formId(): string {
    return fieldValue(this.data, FORM_ID_FIELD);
  }

  setFormBuilderOpen(open: boolean): void {
    this.isFormBuilderOpen = open;
  }

  /**
   * A form was saved from the builder (bound to this workflow by the server): the trigger
   * names it in its `formId` field, added when the app's definition did not give it.
   */
  formSaved(formId: string): void {
    if (this.formId === formId) return;
    const fields = this.data.fields.map(toStepField);
    const field = fields.find((f) => f.name === FORM_ID_FIELD);
    if (field) field.value = formId;
    else fields.push({ name: FORM_ID_FIELD, title: 'Form', required: true, schema: { type: 'string' }, value: formId });
    this.update({ fields });
  }

  /** Chooses an event: its fields, labels and trigger settings; clears test data (editor-core 4.8). */
  chooseEvent(key: string): void {
    const app = this.definition;
    if (!app) return;
    if (!this.deps.editor.wf.chooseOnStep(this.deps.stepId, { type: 'event', app, event: key })) return;
    if (this.kind === 'action') {
      const ticket = incompleteActionTicket(app, key, app.actions[key]);
      if (ticket) this.deps.onAutoTicket?.(ticket);
    }
    this.resetTest();
    this.section = this.needsAccount && this.data.credential === null ? 'account' : 'setup';
  }

  /** Sets one field's value; the step keeps its automatic name in step (custom requests). */
  setFieldValue(name: string, value: unknown): void {
    // A field the event's definition gained since the step was set up is added with its value.
    const fields = withDefinitionFields(this.data.fields, this.eventFields).map((field) =>
      field.name === name ? { ...toStepField(field), value } : toStepField(field),
    );
    this.update({ fields });
  }

  /** The chosen event's field definitions, once the app's definition is loaded. */
  private get eventFields(): FieldDef[] | undefined {
    const app = this.definition;
    const key = this.data.action;
    if (!app || !key) return undefined;
    const events = this.kind === 'trigger' ? app.triggers : app.actions;
    return Object.hasOwn(events, key) ? (events[key].fields ?? undefined) : undefined;
  }

  /** The fields the set-up form shows: hidden fields are not shown (editor-core 5.2). */
  get visibleFields(): FieldDef[] {
    return withDefinitionFields(this.data.fields, this.eventFields).filter((field) => !field.hidden);
  }

  /** Required fields still without a value (the set-up step is done when none are left). */
  get missingRequired(): FieldDef[] {
    return missingRequiredFields(this.data);
  }

  private resetTest(): void {
    this.testPhase = 'idle';
    this.testResult = null;
    this.testError = '';
  }

  /**
   * Tests the step (editor-core 4.8): sets the test time, moves to the result, and stores the
   * output as the step's test data on success; a failing call shows its error data.
   */
  async runTest(): Promise<void> {
    if (this.testPhase === 'testing') return;
    const { editor, stepId, now } = this.deps;
    this.testPhase = 'testing';
    this.testError = '';
    this.testResult = null;
    this.section = 'test';
    editor.wf.updateStep(stepId, { actionTestTime: now() });
    try {
      const result = (await editor.env.api.post('/api/workflows/{id}/steps/{stepId}/test', {
        params: { path: { id: editor.wf.id, stepId } },
        body: { document: toDocument(editor.wf.data) },
      })) as TestResultView;
      runInAction(() => {
        this.testResult = result;
        if (!this.exists) return;
        const parsed = Date.parse(result.testedAt);
        const testedAt = Number.isFinite(parsed) ? parsed : now();
        // editor-core 4.8, 5.1: the result replaces the old sample, a failure included, so the
        // step reads 'Test data error.' and the switch stays blocked until a good test.
        const outcome = result.ok
          ? { ok: true as const, output: result.output, testedAt }
          : { ok: false as const, error: result.message ?? '', output: result.output, testedAt };
        editor.wf.updateStep(stepId, recordTestResult(this.data, outcome));
        this.testPhase = result.ok ? 'tested' : 'testFailed';
        if (!result.ok) this.testError = testErrorText(this.data.label, this.data.actionlabel);
      });
    } catch (error) {
      runInAction(() => {
        this.testPhase = 'testFailed';
        this.testError = problemMessage(error, 'The test could not be run.');
        // A test the server refused (an invalid URL, a 4xx Problem) failed too: it is recorded.
        if (this.exists && isApiError(error) && error.status !== 0) {
          editor.wf.updateStep(
            stepId,
            recordTestResult(this.data, { ok: false, error: this.testError, testedAt: now() }),
          );
        }
      });
    }
  }

  /** The success line: 'A request to X was done in Y about N ago' (editor-core 4.8). */
  successText(nowMs: number): string {
    const data = this.data;
    return testSuccessText({
      app: data.label,
      event: data.actionlabel,
      testedAtMs: data.actionTestTime ?? nowMs,
      nowMs,
    });
  }

  /** What the test viewer shows: the last result's output, else the stored test data. */
  get shownOutput(): unknown {
    if (this.testResult) return this.testResult.output;
    return this.data.testData;
  }

  setCustomEventOpen(open: boolean): void {
    this.isCustomEventOpen = open;
  }
}
