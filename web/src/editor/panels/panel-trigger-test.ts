/**
 * The trigger panel's Test step (editor-core 2.9, 4.8): webhook and form triggers listen for a
 * request for up to 61 s, asking for the workflow's executions since the start every second;
 * other triggers fetch sample items ('found!', 'Choose another...', 'Load More'); a pasted JSON
 * sample may replace them ('Customize Trigger Data'). The chosen item becomes the step's test
 * data through the typed edit `chooseTriggerSample` (no undo entry).
 */
import { isApiError, type StepData, sampleLabel, toDocument } from '@junction/core';
import { type Instance, types } from 'mobx-state-tree';
import { failureText } from '../../stores/api-failure.js';
import { serverStateOf } from '../../stores/server-state.js';
import { type PanelEnv, panelEnv } from '../model/panel-common.js';

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
/** Shown while the trigger is saved before listening (its URL takes requests only then). */
export const GETTING_READY_TEXT = 'Getting the webhook ready…';
/** Shown under a failed fetch (editor-core 8). */
export const NOTHING_FOUND_TEXT = 'Nothing found...';
/** Shown when a listen cannot start because the workflow is not saved (the URL would answer 404). */
export const NOT_SAVED_TEXT =
  'The workflow is not saved yet, so its webhook URL takes no requests. Check the save message at the top, then test again.';

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

/** What the trigger test's tree is created with (the editor's `createPanelModel`; `timers` for tests). */
export interface TriggerTestEnv extends PanelEnv {
  timers?: TriggerTestTimers;
}

const globalTimers: TriggerTestTimers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** The Test step of one trigger; made by the editor's `createPanelModel`. */
export const TriggerTestModel = types
  .model('TriggerTest', { stepId: types.string })
  .volatile(() => ({
    state: 'idle' as TriggerTestState,
    secondsLeft: 0,
    // Samples are any JSON handed to the workflow model as is: kept by reference (volatile).
    choices: [] as unknown[],
    next: undefined as string | undefined,
    selectedIndex: -1,
    error: null as TriggerTestError | null,
    isLoadingMore: false,
    isChoosingAnother: false,
    sampleText: '',
    sampleError: '',
    /** True while a listen waits for the trigger to be saved: the webhook URL answers 404 until then. */
    isGettingReady: false,
  }))
  .views((self) => ({
    get env(): TriggerTestEnv {
      return panelEnv<TriggerTestEnv>(self);
    },
    get data(): StepData {
      const step = panelEnv(self).editor.wf.stepById(self.stepId);
      if (!step) throw new Error(`Step ${self.stepId} is not in the workflow.`);
      return step.data as StepData;
    },
  }))
  .views((self) => ({
    /** True for webhook and form triggers, which wait for a request instead of fetching. */
    get isListening(): boolean {
      return LISTENING_APPS.has(self.data.type);
    },
  }))
  .actions((self) => {
    let timer: unknown = null;
    let run = 0;
    /** Settles the running listen() when it is cancelled between polls. */
    let settle: (() => void) | null = null;
    const timers = () => self.env.timers ?? globalTimers;
    const stopTimer = () => {
      if (timer !== null) timers().clearTimeout(timer);
      timer = null;
      settle?.();
    };
    return {
      afterCreate(): void {
        const data = self.data;
        if (data.testData === null || data.testData === undefined) return;
        self.state = 'found';
        self.choices = data.triggerChoices.length > 0 ? [...data.triggerChoices] : [data.testData];
        self.selectedIndex = Math.max(
          0,
          self.choices.findIndex((c, i) => choiceLabel(c, i) === data.triggerchoice),
        );
      },
      /** Begins a listen or a fetch: stops the previous one; returns this run's number. */
      begin(): number {
        stopTimer();
        run += 1;
        self.state = 'listening';
        self.error = null;
        return run;
      },
      isCurrent(which: number): boolean {
        return which === run;
      },
      setSettle(fn: (() => void) | null): void {
        settle = fn;
      },
      /** One second of listening passed without a request; true while time is left. */
      tickDown(): boolean {
        self.secondsLeft -= 1;
        if (self.secondsLeft > 0) return true;
        self.state = 'error';
        self.error = {
          name: 'No data yet',
          message: `No request arrived in ${LISTEN_SECONDS} seconds. Send one to the URL above, then try again.`,
        };
        return false;
      },
      startListening(): void {
        self.secondsLeft = LISTEN_SECONDS;
      },
      setGettingReady(isGettingReady: boolean): void {
        self.isGettingReady = isGettingReady;
      },
      schedule(fn: () => void): void {
        timer = timers().setTimeout(fn, LISTEN_POLL_MS);
      },
      setChoices(choices: unknown[], next?: string): void {
        self.choices = choices;
        self.next = next;
        self.state = 'found';
      },
      appendChoices(choices: unknown[], next?: string): void {
        self.choices = [...self.choices, ...choices];
        self.next = next;
      },
      setLoadingMore(isLoading: boolean): void {
        self.isLoadingMore = isLoading;
      },
      noItems(): void {
        self.state = 'error';
        self.error = { name: 'No items', message: 'The app answered, but it has no items yet.' };
      },
      /**
       * Shows a failure: `what` failed is its name (editor-core 8's 'error name': words a user
       * reads, never the HTTP reason phrase a Problem's title carries), the message its cause.
       */
      fail(error: unknown, what: string): void {
        stopTimer();
        self.state = 'error';
        const requestId = isApiError(error) ? (error.problem as { requestId?: unknown }).requestId : undefined;
        self.error = {
          name: what,
          message: failureText(error),
          ...(typeof requestId === 'string' ? { requestId } : {}),
        };
      },
      /** Chooses a sample as the step's test data; the first 5 choices are kept on the step. */
      choose(index: number): void {
        const choice = self.choices[index];
        if (choice === undefined) return;
        self.selectedIndex = index;
        self.isChoosingAnother = false;
        const { editor, now } = self.env;
        const step = editor.wf.stepById(self.stepId);
        if (!step) return;
        editor.wf.chooseTriggerSample(self.stepId, {
          sample: choice,
          choices: self.choices.slice(0, CHOICES_KEPT),
          label: choiceLabel(choice, index),
          at: now(),
        });
      },
      /** Cancel: stops waiting and returns to the start. */
      cancel(): void {
        run += 1;
        stopTimer();
        if (self.state === 'listening') self.state = self.choices.length > 0 ? 'found' : 'idle';
      },
      /** 'Choose another...': shows the list of samples. */
      setChoosingAnother(open: boolean): void {
        self.isChoosingAnother = open;
      },
      setSampleText(text: string): void {
        self.sampleText = text;
        self.sampleError = '';
      },
      /** Stops any timer (the panel closes). */
      dispose(): void {
        run += 1;
        stopTimer();
      },
      beforeDestroy(): void {
        run += 1;
        stopTimer();
      },
    };
  })
  .actions((self) => ({
    /** 'Customize Trigger Data': the pasted JSON becomes the test data; returns true when it did. */
    applySample(): boolean {
      const parsed = parseSample(self.sampleText);
      if (!parsed.ok) {
        self.sampleError = parsed.message;
        return false;
      }
      self.begin();
      self.setChoices([parsed.value]);
      self.choose(0);
      return true;
    },
    /**
     * Listens for up to 61 s (editor-core 4.8): every second asks for executions since the start;
     * stops at the first one (its trigger data is chosen), at the end of the wait, or on Cancel.
     */
    listen(): Promise<void> {
      const run = self.begin();
      const { editor, now } = self.env;
      const since = new Date(now()).toISOString();
      self.startListening();
      return (async () => {
        // The server takes a request to the URL only once the webhook trigger is saved: save the
        // pending edit first (autosave would wait), and say 'listening' only then.
        self.setGettingReady(true);
        await editor.saveNow();
        self.setGettingReady(false);
        if (!self.isCurrent(run)) return;
        if (editor.hasUnsavedChanges) {
          self.fail(new Error(NOT_SAVED_TEXT), 'Not saved yet');
          return;
        }
        await pollExecutions(self as ITriggerTestModel, run, since);
      })();
    },
    /** Fetches sample items of a polling or schedule trigger (fetchTriggerChoices). */
    async fetchChoices(): Promise<void> {
      const run = self.begin();
      const { editor } = self.env;
      try {
        const answer = await serverStateOf(editor.env.api).mutate((client) =>
          client.post('/api/workflows/{id}/steps/{stepId}/trigger-choices', {
            params: { path: { id: editor.wf.id, stepId: self.stepId } },
            body: { document: toDocument(editor.wf.data) },
          }),
        );
        if (!self.isCurrent(run)) return;
        self.setChoices(answer.choices, answer.next);
        if (answer.choices.length === 0) {
          self.noItems();
          return;
        }
        self.choose(0);
      } catch (error) {
        if (self.isCurrent(run)) self.fail(error, 'Fetching samples failed');
      }
    },
    /** Load More: the next page of samples, appended. */
    async loadMore(): Promise<void> {
      if (!self.next || self.isLoadingMore) return;
      const { editor } = self.env;
      self.setLoadingMore(true);
      try {
        const answer = await serverStateOf(editor.env.api).mutate((client) =>
          client.post('/api/workflows/{id}/steps/{stepId}/trigger-choices', {
            params: { path: { id: editor.wf.id, stepId: self.stepId } },
            body: { cursor: self.next, document: toDocument(editor.wf.data) },
          }),
        );
        self.appendChoices(answer.choices, answer.next);
      } catch (error) {
        self.fail(error, 'Loading more samples failed');
      } finally {
        self.setLoadingMore(false);
      }
    },
  }))
  .actions((self) => ({
    /** Starts the test: listening for webhook/form triggers, fetching samples otherwise. */
    start(): Promise<void> {
      return self.isListening ? self.listen() : self.fetchChoices();
    },
  }));

/** A trigger test instance. */
export interface ITriggerTestModel extends Instance<typeof TriggerTestModel> {}

/** Asks for executions since `since` every second until one arrives, time is up or the run ends. */
function pollExecutions(self: ITriggerTestModel, run: number, since: string): Promise<void> {
  const { editor } = self.env;
  return new Promise<void>((done) => {
    const resolve = () => {
      self.setSettle(null);
      done();
    };
    self.setSettle(resolve);
    const tick = async () => {
      if (!self.isCurrent(run)) return resolve();
      try {
        const answer = await serverStateOf(editor.env.api).read('/api/workflows/{id}/executions', {
          params: { path: { id: editor.wf.id }, query: { since } },
        });
        if (!self.isCurrent(run)) return resolve();
        const found = answer.items.filter((item) => item.triggerData !== undefined);
        if (found.length > 0) {
          self.setChoices(found.map((item) => item.triggerData));
          self.choose(0);
          return resolve();
        }
      } catch (error) {
        if (!self.isCurrent(run)) return resolve();
        self.fail(error, 'Listening for data failed');
        return resolve();
      }
      if (!self.tickDown()) return resolve();
      self.schedule(() => void tick());
    };
    void tick();
  });
}
