/**
 * The guided tour (onboarding 1, 4 "Guided tour", 9 "Tour 12 steps"): twelve steps that advance
 * when the workflow's state matches each step's condition — the trigger selected, the demo app
 * chosen, the 'New contact' event chosen, an account connected, test data present, the panel
 * closed, … — run against the Demo CRM, so that a new user ends with an active workflow that tags
 * every new contact. Skippable and closable at any time. The conditions are pure functions over
 * the workflow's plain data and the selected step.
 */
import {
  ACTION_PLACEHOLDER_NAME,
  type ApiClient,
  isApiError,
  type Step,
  TRIGGER_PLACEHOLDER_NAME,
  type WorkflowData,
} from '@junction/core';
import { getEnv, type Instance, types } from 'mobx-state-tree';
import { failureText } from '../stores/api-failure.js';
import { serverStateOf } from '../stores/server-state.js';

/** The Demo CRM's app key. */
export const DEMO_APP = 'demo-crm';
/** The Demo CRM's own screens (contacts, Settings → API), where the tour's last step sends the user. */
export const DEMO_CRM_PAGE = '/demo-crm';
/** The tag the tour's workflow puts on every new contact. */
export const TOUR_TAG = 'welcomed';
/** The local-storage key that remembers a finished or closed tour per workflow. */
export const TOUR_STORAGE_KEY = 'junction.tour';

/** What a step's condition reads. */
export interface TourState {
  workflow: WorkflowData;
  selectedStepId: string | null;
  /** The open section of the selected step's panel ('account', 'setup', 'test', …), if any. */
  panelSection?: string | null;
}

/** One step of the tour. */
export interface TourStep {
  id: string;
  title: string;
  text: string;
  /** True once the user did what the step asks; null for a step the user advances by a button. */
  isDone: ((state: TourState) => boolean) | null;
  /** The controls the step names, as a CSS selector over `data-tour` marks; they are highlighted. */
  highlight?: string;
}

function triggerOf(wf: WorkflowData): Step | undefined {
  return wf.steps.find((s) => s.kind === 'trigger');
}

/** The first action: the child of the trigger, else the first action step. */
function firstActionOf(wf: WorkflowData): Step | undefined {
  const trigger = triggerOf(wf);
  const link = trigger ? wf.links.find((l) => l.source === trigger.id) : undefined;
  return wf.steps.find((s) => s.id === link?.target) ?? wf.steps.find((s) => s.kind === 'action');
}

/**
 * True once the user clicked Continue past a step's Account and set-up to its Test section
 * (or already tested it): the tour moves on the action, never while a box is being typed in.
 */
function hasReachedTest(state: TourState, step: Step | undefined): boolean {
  if (hasTestData(step)) return true;
  return step !== undefined && state.selectedStepId === step.id && state.panelSection === 'test';
}

function hasTestData(step: Step | undefined): boolean {
  return step !== undefined && step.data.testData !== null && step.data.testData !== undefined;
}

function fieldValue(step: Step | undefined, name: string): unknown {
  return step?.data.fields.find((f) => f.name === name)?.value;
}

function isFilled(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return typeof value === 'string' ? value.trim() !== '' : value !== null && value !== undefined;
}

/** The twelve steps (onboarding 4, 9). */
export const TOUR_STEPS: readonly TourStep[] = [
  {
    id: 'welcome',
    title: 'Build your first workflow',
    text: 'In a few minutes you will have a workflow that tags every new contact in the Demo CRM. Start the tour and we set up a Demo CRM account with a sample contact for you.',
    isDone: null,
  },
  {
    id: 'select-trigger',
    title: 'Start with the trigger',
    text: `Every workflow starts with a trigger: the event that runs it. Click the card "${TRIGGER_PLACEHOLDER_NAME}".`,
    isDone: ({ workflow, selectedStepId }) => selectedStepId !== null && selectedStepId === triggerOf(workflow)?.id,
  },
  {
    id: 'trigger-app',
    title: 'Choose the Demo CRM',
    text: 'Search for "Demo CRM" in the panel and click it.',
    isDone: ({ workflow }) => triggerOf(workflow)?.data.type === DEMO_APP,
  },
  {
    id: 'trigger-event',
    title: "Choose 'New contact'",
    text: "Pick the event 'New contact': the workflow runs whenever a contact is created.",
    isDone: ({ workflow }) => triggerOf(workflow)?.data.action === 'newContact',
  },
  {
    id: 'trigger-account',
    title: 'Connect the Demo CRM',
    text: 'The tour made a Demo CRM account for you and chose it under Account. Click Continue to use it.',
    highlight: '[data-tour="continue-account"]',
    isDone: (state) => {
      const trigger = triggerOf(state.workflow);
      if ((trigger?.data.credential ?? null) === null) return false;
      const isPastAccount = state.panelSection === 'setup' || state.panelSection === 'test';
      return hasTestData(trigger) || (state.selectedStepId === trigger?.id && isPastAccount);
    },
  },
  {
    id: 'trigger-test',
    title: 'Test the trigger',
    text: 'Click Continue, then "Test Trigger": Junction fetches the sample contact so later steps can use its data.',
    highlight: '[data-tour="continue-setup"], [data-tour="test-trigger"]',
    isDone: ({ workflow }) => hasTestData(triggerOf(workflow)),
  },
  {
    id: 'close-panel',
    title: 'Close the panel',
    text: 'The trigger is ready. Click Continue or close the panel with ×.',
    isDone: ({ selectedStepId }) => selectedStepId === null,
  },
  {
    id: 'select-action',
    title: 'Add the action',
    text: `The action is what the workflow does. Click the card "${ACTION_PLACEHOLDER_NAME}".`,
    isDone: ({ workflow, selectedStepId }) => selectedStepId !== null && selectedStepId === firstActionOf(workflow)?.id,
  },
  {
    id: 'action-event',
    title: "Choose Demo CRM → 'Update contact'",
    text: "Choose the Demo CRM app, then the event 'Update contact'.",
    isDone: ({ workflow }) => {
      const data = firstActionOf(workflow)?.data;
      return data?.type === DEMO_APP && data.action === 'updateContact';
    },
  },
  {
    id: 'action-setup',
    title: 'Say which contact and which tag',
    text: `Click Continue to use your Demo CRM account. For Contact, open its Custom tab, click "Insert Data..." (or type {) and pick the trigger's id; for Tags type "${TOUR_TAG}". Or let us fill both in. Then click Continue.`,
    highlight:
      '[data-tour="continue-account"], [data-tour="field-id"] [data-tour="custom-tab"], [data-tour="field-id"] [data-tour="insert-data"], [data-tour="continue-setup"]',
    isDone: (state) => {
      const action = firstActionOf(state.workflow);
      return (
        action !== undefined &&
        action.data.credential !== null &&
        isFilled(fieldValue(action, 'id')) &&
        isFilled(fieldValue(action, 'tags')) &&
        hasReachedTest(state, action)
      );
    },
  },
  {
    id: 'action-test',
    title: 'Test the action',
    text: 'Click "Test action": the sample contact gets its tag for real.',
    highlight: '[data-tour="test-action"]',
    isDone: ({ workflow }) => hasTestData(firstActionOf(workflow)),
  },
  {
    id: 'activate',
    title: 'Switch it ON',
    text: 'Close the panel and turn the switch at the top right to ON. From now on every new contact is tagged.',
    isDone: ({ workflow }) => workflow.active,
  },
];

/** The number of steps (onboarding 9). */
export const TOUR_LENGTH = TOUR_STEPS.length;

/**
 * The index of the step to show: from `from`, every step whose condition already holds is
 * passed, so a user who is ahead of the tour is never asked to redo something.
 */
export function nextOpenStep(state: TourState, from: number): number {
  let index = from;
  while (index < TOUR_LENGTH) {
    const isDone = TOUR_STEPS[index].isDone;
    if (!isDone?.(state)) break;
    index += 1;
  }
  return index;
}

/** The parts of `Storage` the tour uses (local storage in the browser). */
export interface TourStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** What the tour's tree is created with (the root's environment plus these); tests pass fakes. */
export interface TourDeps {
  api: ApiClient;
  /** Fetch for the Demo CRM's own API (`/demo-crm/contacts`, X-Api-Key); same origin. */
  fetch: typeof fetch;
  storage: TourStorage;
}

/** The running tour on one workflow; the editor creates it through the root store's `createModel`. */
export const TourModel = types
  .model('Tour', { workflowId: types.string })
  .volatile(() => ({
    index: 0,
    isOpen: true,
    isStarting: false,
    error: '',
  }))
  .views((self) => ({
    get env(): TourDeps {
      return getEnv<TourDeps>(self);
    },
    get step(): TourStep | null {
      return TOUR_STEPS[self.index] ?? null;
    },
    /** True once every step is done: the closing message shows. */
    get isFinished(): boolean {
      return self.index >= TOUR_LENGTH;
    },
  }))
  .actions((self) => {
    /** The Demo CRM key made for the tour, kept in memory only (for sample contacts). */
    let demoKey = '';
    const remember = (outcome: 'finished' | 'closed') => {
      try {
        const { storage } = self.env;
        const seen = JSON.parse(storage.getItem(TOUR_STORAGE_KEY) ?? '{}') as Record<string, string>;
        seen[self.workflowId] = outcome;
        storage.setItem(TOUR_STORAGE_KEY, JSON.stringify(seen));
      } catch {
        // Storage full or disabled: the tour may show again, nothing else is lost.
      }
    };
    return {
      /** Advances past every step whose condition holds now. */
      check(state: TourState): void {
        if (!self.isOpen || self.index === 0) return;
        const next = nextOpenStep(state, self.index);
        if (next !== self.index) {
          self.index = next;
          if (self.isFinished) remember('finished');
        }
      },
      /** Skips the current step. */
      skip(): void {
        if (self.index < TOUR_LENGTH) self.index += 1;
        if (self.isFinished) remember('finished');
      },
      /** Closes the tour; it does not come back on this workflow. */
      close(): void {
        self.isOpen = false;
        remember(self.isFinished ? 'finished' : 'closed');
      },
      setDemoKey(key: string): void {
        demoKey = key;
      },
      /** Notes how starting ended: on to step 2, or the failure's text. */
      started(error: string | null): void {
        self.isStarting = false;
        if (error === null) self.index = 1;
        else self.error = error;
      },
      starting(): boolean {
        if (self.isStarting) return false;
        self.isStarting = true;
        self.error = '';
        return true;
      },
      /** Adds a sample contact to the tour's Demo CRM account. */
      async addSampleContact(): Promise<void> {
        if (!demoKey) return;
        const suffix = Math.random().toString(36).slice(2, 7);
        const response = await self.env.fetch('/demo-crm/contacts', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': demoKey },
          body: JSON.stringify({
            email: `ada.lovelace+${suffix}@example.com`,
            firstName: 'Ada',
            lastName: 'Lovelace',
            company: 'Analytical Engines',
          }),
        });
        if (!response.ok) throw new Error(`The sample contact could not be created (${response.status}).`);
      },
    };
  })
  .actions((self) => ({
    /** Step 1: a Demo CRM account (POST /api/demo-crm/keys) with one sample contact, then on. */
    async start(): Promise<void> {
      if (!self.starting()) return;
      try {
        const issued = await serverStateOf(self.env.api).mutate((client) =>
          client.post('/api/demo-crm/keys', { body: { name: 'Tour' } }),
        );
        self.setDemoKey(issued.apiKey);
        await self.addSampleContact();
        self.started(null);
      } catch (error) {
        self.started(
          isApiError(error)
            ? failureText(error, 'The Demo CRM account could not be created.')
            : error instanceof Error
              ? error.message
              : 'The Demo CRM account could not be created.',
        );
      }
    },
  }));

/** A tour instance. */
export interface ITourModel extends Instance<typeof TourModel> {}

/** Tells whether the tour was already finished or closed on this workflow. */
export function wasTourSeen(storage: Pick<TourStorage, 'getItem'>, workflowId: string): boolean {
  try {
    const seen = JSON.parse(storage.getItem(TOUR_STORAGE_KEY) ?? '{}') as Record<string, string>;
    return typeof seen[workflowId] === 'string';
  } catch {
    return false;
  }
}

/**
 * The fields the tour's "Fill it in for me" gives the first action: Contact = the trigger's
 * contact id (`${trigger.id}`), Tags = 'welcomed'. Null when the action is not Demo CRM's
 * 'Update contact' yet.
 */
export function tourActionFields(wf: WorkflowData): { stepId: string; fields: Step['data']['fields'] } | null {
  const trigger = triggerOf(wf);
  const action = firstActionOf(wf);
  if (!trigger || !action || action.data.type !== DEMO_APP || action.data.action !== 'updateContact') return null;
  const fields = action.data.fields.map((field) => {
    if (field.name === 'id') return { ...field, value: `\${${trigger.id}.id}` };
    if (field.name === 'tags') return { ...field, value: TOUR_TAG };
    return { ...field };
  });
  return { stepId: action.id, fields };
}
