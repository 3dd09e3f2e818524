/**
 * The trigger panel's Test step (editor-core 2.9, 4.8): webhook and form triggers listen for a
 * request for up to 61 s, asking for the workflow's executions since the start every second;
 * other triggers fetch sample items ('found!', 'Choose another...', 'Load More'); a pasted JSON
 * sample may replace them ('Customize Trigger Data'). The chosen item becomes the step's test
 * data through `updateStep` (no undo entry).
 */
import { isApiError, recordSample, type StepData, sampleLabel, toDocument } from '@junction/core';
import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import type { IEditorStore } from '../../stores/editor-store.js';

import { problemMessage } from './panel-common.js';

/** How long a webhook test listens, in seconds (editor-core 9). */
export const LISTEN_SECONDS = 61;
/** How often a listening test asks for executions (editor-core 9). */
export const LISTEN_POLL_MS = 1000;
/** Trigger choices kept on the step (editor-core 3, 9). */
export const CHOICES_KEPT = 5;

/** The trigger test states (editor-core 4.8): idle, listening (or fetching), found, error. */
export type TriggerTestState = 'idle' | 'listening' | 'found' | 'error';

/** Apps whose trigger is a request to Junction itself (listened for, not fetched). */
export const LISTENING_APPS: ReadonlySet<string> = new Set(['webhook', 'junction-forms']);

/** Shown while listening (editor-core 2.9). */
export const LISTENING_TEXT = "We're listening for data";
/** Shown under a failed fetch (editor-core 8). */
export const NOTHING_FOUND_TEXT = 'Nothing found...';

/** What a failed trigger fetch shows (editor-core 8): name, message and request id. */
export interface TriggerTestError {
  name: string;
  message: string;
  requestId?: string;
}

/** The label a trigger choice is listed with: its place and values, '1. Ada · 42' (core's `sampleLabel`). */
export function choiceLabel(choice: unknown, index: number): string {
  return sampleLabel(choice, index);
}

/**
 * The public URL of a form trigger (editor-core 2.9): `{origin}/form/{formId}`, the form's own
 * id (never the workflow's); '' while the step has no form. A webhook's URL carries a random
 * key the server gives (`GET /api/workflows/{id}/hook`), so it is not built here.
 */
export function formUrl(origin: string, formId: string): string {
  const id = formId.trim();
  return id ? `${origin.replace(/\/$/, '')}/form/${encodeURIComponent(id)}` : '';
}

/** The form a Forms trigger step names in its `formId` field; '' when none. */
export function formIdOf(data: StepData): string {
  const value = data.fields.find((field) => field.name === 'formId')?.value;
  return typeof value === 'string' ? value : '';
}

/** Reads a pasted JSON sample; returns the value or the reason it is not JSON. */
export function parseSample(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  if (text.trim() === '') return { ok: false, message: 'Paste a JSON sample first.' };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, message: `This is not valid JSON: ${(error as Error).message}` };
  }
}

/** Timers, injected so tests drive the 61 s wait without waiting. */
export interface TriggerTestTimers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

/** What the trigger test works with. */
export interface TriggerTestDeps {
  editor: IEditorStore;
  stepId: string;
  now: () => number;
  timers?: TriggerTestTimers;
}

const globalTimers: TriggerTestTimers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** The Test step of one trigger. */
export class TriggerTestModel {
  state: TriggerTestState = 'idle';
  secondsLeft = 0;
  choices: unknown[] = [];
  next: string | undefined = undefined;
  selectedIndex = -1;
  error: TriggerTestError | null = null;
  isLoadingMore = false;
  isChoosingAnother = false;
  sampleText = '';
  sampleError = '';
  private timer: unknown = null;
  private run = 0;
  /** Settles the running listen() when it is cancelled between polls. */
  private settle: (() => void) | null = null;

  constructor(private readonly deps: TriggerTestDeps) {
    const data = this.data;
    if (data.testData !== null && data.testData !== undefined) {
      this.state = 'found';
      this.choices = data.triggerChoices.length > 0 ? [...data.triggerChoices] : [data.testData];
      this.selectedIndex = Math.max(
        0,
        this.choices.findIndex((c, i) => choiceLabel(c, i) === data.triggerchoice),
      );
    }
    // Samples are any JSON handed to the workflow model as is: kept by reference, never made deep observables.
    makeAutoObservable<TriggerTestModel, 'deps' | 'timer' | 'run' | 'settle'>(this, {
      deps: false,
      timer: false,
      run: false,
      settle: false,
      choices: observableRef,
      error: observableRef,
    });
  }

  private get timers(): TriggerTestTimers {
    return this.deps.timers ?? globalTimers;
  }

  get data(): StepData {
    const step = this.deps.editor.wf.stepById(this.deps.stepId);
    if (!step) throw new Error(`Step ${this.deps.stepId} is not in the workflow.`);
    return step.data as StepData;
  }

  /** True for webhook and form triggers, which wait for a request instead of fetching. */
  get isListening(): boolean {
    return LISTENING_APPS.has(this.data.type);
  }

  /** Starts the test: listening for webhook/form triggers, fetching samples otherwise. */
  start(): Promise<void> {
    return this.isListening ? this.listen() : this.fetchChoices();
  }

  /**
   * Listens for up to 61 s (editor-core 4.8): every second asks for executions since the start;
   * stops at the first one (its trigger data is chosen), at the end of the wait, or on Cancel.
   */
  listen(): Promise<void> {
    this.stopTimer();
    const run = ++this.run;
    const since = new Date(this.deps.now()).toISOString();
    this.state = 'listening';
    this.error = null;
    this.secondsLeft = LISTEN_SECONDS;
    const { editor } = this.deps;
    return new Promise<void>((done) => {
      const resolve = () => {
        this.settle = null;
        done();
      };
      this.settle = resolve;
      const tick = async () => {
        if (run !== this.run) return resolve();
        try {
          const answer = await editor.env.api.get('/api/workflows/{id}/executions', {
            params: { path: { id: editor.wf.id }, query: { since } },
          });
          if (run !== this.run) return resolve();
          const found = answer.items.filter((item) => item.triggerData !== undefined);
          if (found.length > 0) {
            this.setChoices(found.map((item) => item.triggerData));
            this.choose(0);
            return resolve();
          }
        } catch (error) {
          if (run !== this.run) return resolve();
          this.fail(error, 'Listening for data failed.');
          return resolve();
        }
        runInAction(() => {
          this.secondsLeft -= 1;
        });
        if (this.secondsLeft <= 0) {
          runInAction(() => {
            this.state = 'error';
            this.error = {
              name: 'No data yet',
              message: `No request arrived in ${LISTEN_SECONDS} seconds. Send one to the URL above, then try again.`,
            };
          });
          return resolve();
        }
        this.timer = this.timers.setTimeout(() => void tick(), LISTEN_POLL_MS);
      };
      void tick();
    });
  }

  /** Cancel: stops waiting and returns to the start. */
  cancel(): void {
    this.run += 1;
    this.stopTimer();
    if (this.state === 'listening') this.state = this.choices.length > 0 ? 'found' : 'idle';
  }

  /** Fetches sample items of a polling or schedule trigger (fetchTriggerChoices). */
  async fetchChoices(): Promise<void> {
    this.stopTimer();
    const run = ++this.run;
    this.state = 'listening';
    this.error = null;
    const { editor, stepId } = this.deps;
    try {
      const answer = await editor.env.api.post('/api/workflows/{id}/steps/{stepId}/trigger-choices', {
        params: { path: { id: editor.wf.id, stepId } },
        body: { document: toDocument(editor.wf.data) },
      });
      if (run !== this.run) return;
      this.setChoices(answer.choices, answer.next);
      if (answer.choices.length === 0) {
        this.state = 'error';
        this.error = { name: 'No items', message: 'The app answered, but it has no items yet.' };
        return;
      }
      this.choose(0);
    } catch (error) {
      if (run === this.run) this.fail(error, 'Fetching samples failed.');
    }
  }

  /** Load More: the next page of samples, appended. */
  async loadMore(): Promise<void> {
    if (!this.next || this.isLoadingMore) return;
    const { editor, stepId } = this.deps;
    this.isLoadingMore = true;
    try {
      const answer = await editor.env.api.post('/api/workflows/{id}/steps/{stepId}/trigger-choices', {
        params: { path: { id: editor.wf.id, stepId } },
        body: { cursor: this.next, document: toDocument(editor.wf.data) },
      });
      runInAction(() => {
        this.choices = [...this.choices, ...answer.choices];
        this.next = answer.next;
      });
    } catch (error) {
      this.fail(error, 'Loading more samples failed.');
    } finally {
      runInAction(() => {
        this.isLoadingMore = false;
      });
    }
  }

  private setChoices(choices: unknown[], next?: string): void {
    this.choices = choices;
    this.next = next;
    this.state = 'found';
  }

  private fail(error: unknown, fallback: string): void {
    this.stopTimer();
    this.state = 'error';
    const requestId = isApiError(error) ? (error.problem as { requestId?: unknown }).requestId : undefined;
    this.error = {
      name: isApiError(error) ? error.problem.title : 'Error',
      message: problemMessage(error, fallback),
      ...(typeof requestId === 'string' ? { requestId } : {}),
    };
  }

  /** Chooses a sample as the step's test data; the first 5 choices are kept on the step. */
  choose(index: number): void {
    const choice = this.choices[index];
    if (choice === undefined) return;
    this.selectedIndex = index;
    this.isChoosingAnother = false;
    const step = this.deps.editor.wf.stepById(this.deps.stepId);
    if (!step) return;
    this.deps.editor.wf.updateStep(this.deps.stepId, {
      ...recordSample(step.data as StepData, choice),
      triggerChoices: this.choices.slice(0, CHOICES_KEPT),
      triggerchoice: choiceLabel(choice, index),
      triggerChoiceTime: this.deps.now(),
    });
  }

  /** 'Choose another...': shows the list of samples. */
  setChoosingAnother(open: boolean): void {
    this.isChoosingAnother = open;
  }

  setSampleText(text: string): void {
    this.sampleText = text;
    this.sampleError = '';
  }

  /** 'Customize Trigger Data': the pasted JSON becomes the test data; returns true when it did. */
  applySample(): boolean {
    const parsed = parseSample(this.sampleText);
    if (!parsed.ok) {
      this.sampleError = parsed.message;
      return false;
    }
    this.run += 1;
    this.stopTimer();
    this.choices = [parsed.value];
    this.next = undefined;
    this.state = 'found';
    this.error = null;
    this.choose(0);
    return true;
  }

  /** Stops any timer (the panel closes). */
  dispose(): void {
    this.run += 1;
    this.stopTimer();
  }

  private stopTimer(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.settle?.();
  }
}
