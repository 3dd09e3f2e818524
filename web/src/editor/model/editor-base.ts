/**
 * The editor store's base: core's `WorkflowModel` with the load and save phases (editor-core
 * 4.1), autosave (4.5) and the selection. Selection, phases and the saved revision live outside
 * the workflow subtree, so undo never touches them (STYLE "Undo"). editor-store.ts composes the
 * requests (editor-requests.ts) and the lifecycle (editor-releases.ts) onto it.
 */
import {
  apiKey,
  describeProblem,
  findIssues,
  type Issue,
  type IWorkflow,
  isApiError,
  isUnreachable,
  type LifecycleState,
  PROBLEM_CODES,
  problemText,
  type ShownProblem,
  STATUS_PROBLEM_CODES,
  toDocument,
  type WorkflowData,
  WorkflowModel,
} from '@junction/core';
import { reaction } from 'mobx';
import { flow, getEnv, type Instance, types } from 'mobx-state-tree';
import { activationProblemsOf } from '../../stores/activation-check.js';
import { serverStateOf } from '../../stores/server-state.js';
import type { StoredWorkflow } from '../../stores/stored-workflow.js';
import { AppCatalogModel } from './panel-catalog.js';
import type { EditorEnv, LinkPanel, LoadPhase, SavePhase } from './types.js';

/** How long autosave waits after the last edit before saving (editor-core 4.5). */
export const AUTOSAVE_DELAY_MS = 800;
/** Edits that keep coming are still saved at least this often (nothing waits on a pause). */
export const AUTOSAVE_MAX_WAIT_MS = 3000;

/** The no-access page text (onboarding 2 "Editor canvas"). */
export const NO_ACCESS_TEXT =
  "No access to workflow. You either don't have permission to see this Workflow or the Workflow does not exist. Please try reloading the page or switching to a different account.";

/** What a shared template that no longer exists says (editor-core 4.9; its one screen-specific sentence). */
export const TEMPLATE_GONE_TEXT = 'This shared template no longer exists.';

/** The cache key of one stored workflow (GET /api/workflows/{id}). */
export function workflowKey(id: string) {
  return apiKey('/api/workflows/{id}', { path: { id } });
}

const globalSetTimeout = (fn: () => void, ms: number): unknown => globalThis.setTimeout(fn, ms);
const globalClearTimeout = (handle: unknown): void => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>);

/** The editor's root: the open workflow, its phases and the selected step. */
export const EditorStoreBase = types
  .model('EditorStore', {
    workflow: types.maybe(WorkflowModel),
    /** The app catalogue the step panels search, loaded once per editor session. */
    catalog: types.optional(AppCatalogModel, {}),
  })
  .volatile(() => ({
    /** Why the member's role may not edit (core's permission table), or null: then nothing is saved. */
    roleReadOnlyReason: null as string | null,
    /** Why a version open read-only may not be edited (editor-releases.ts), or null. */
    versionReadOnlyReason: null as string | null,
    loadPhase: 'unloaded' as LoadPhase,
    savePhase: 'idle' as SavePhase,
    /** The stored revision the next save expects (409 when someone saved in between). */
    revision: null as number | null,
    /** The step selected on the canvas; outside the history (STYLE "Undo"). */
    selectedStepId: null as string | null,
    /** The data last loaded or saved; autosave skips when the workflow still equals it. */
    savedData: null as WorkflowData | null,
    /** Counts failed saves, so an observer can react to each one. */
    saveFailures: 0,
    /** True when the last load failed because the server could not be reached or failed (not a 404). */
    loadFailedUnreachable: false,
    /** The last failed load as the page shows it (core's message table), or null. */
    loadProblem: null as ShownProblem | null,
    /** True while the last save could not reach the server (the editor shows a banner and retries). */
    isUnreachable: false,
    /**
     * True once a save answered `workflow.revision_conflict`: someone else saved in between, so
     * later saves would only be refused again; the page says to reload (editor-core 4.5).
     */
    isConflicted: false,
    /** The link whose filter or delay panel is open (editor-core 2.10); outside the history. */
    linkPanel: null as LinkPanel | null,
    /** The open section of the selected step's panel ('app', 'account', 'test', …); the tour follows it. */
    panelSection: null as string | null,
    /** A step whose card asked for a new test; its panel runs the test and clears this. */
    retestStepId: null as string | null,
    /** Where the workflow is in its life (core lifecycle): 'off', 'live' or 'draft'; null before a load. */
    lifecycle: null as LifecycleState | null,
    /** The published version that runs, when the workflow is ON. */
    publishedVersion: null as number | null,
    /** The version open read-only on the canvas (editor-releases.ts), or null. */
    viewingVersion: null as number | null,
  }))
  .views((self) => ({
    get env(): EditorEnv {
      return getEnv<EditorEnv>(self);
    },
    /** The open workflow; throws when none is loaded (check `isLoaded` first). */
    get wf(): IWorkflow {
      if (!self.workflow) throw new Error('No workflow is loaded: call load() first and check isLoaded.');
      return self.workflow;
    },
    /** Why nothing is saved now: a version open read-only, or the member's role; null when editable. */
    get readOnlyReason(): string | null {
      return self.versionReadOnlyReason ?? self.roleReadOnlyReason;
    },
    get isLoaded(): boolean {
      return self.loadPhase === 'loaded' && self.workflow !== undefined;
    },
    /** The workflow's issues (editor-core 5.1), recomputed only when the workflow changes. */
    get issues(): Issue[] {
      return self.workflow ? findIssues(self.workflow.data) : [];
    },
    /**
     * What keeps the workflow from being turned ON (editor-core 4.2), or null until core's rule
     * has loaded (`loadActivationCheck`); recomputed only when the workflow changes.
     */
    get activationProblems(): Issue[] | null {
      return self.workflow ? activationProblemsOf(self.workflow.data) : null;
    },
    /** True when the workflow differs from what was last loaded or saved. */
    get hasUnsavedChanges(): boolean {
      return self.workflow !== undefined && self.workflow.data !== self.savedData;
    },
  }))
  .actions((self) => ({
    /** Selects a step (or clears the selection with null); no undo entry. */
    select(stepId: string | null): void {
      if (stepId !== self.selectedStepId) self.panelSection = null;
      self.selectedStepId = stepId;
      // A step panel and a link panel never show together.
      if (stepId !== null) self.linkPanel = null;
    },
    /** Notes the open section of the selected step's panel (null when no panel shows). */
    setPanelSection(section: string | null): void {
      self.panelSection = section;
    },
    /**
     * Asks for a new test of a step (the card's Retest, editor-core 4.8): selects the step, so its
     * panel opens, and the panel runs the test ({@link takeRetest}).
     */
    retest(stepId: string): void {
      self.selectedStepId = stepId;
      self.linkPanel = null;
      self.retestStepId = stepId;
    },
    /** True, once, when a Retest was asked for this step; the panel then runs the test. */
    takeRetest(stepId: string): boolean {
      if (self.retestStepId !== stepId) return false;
      self.retestStepId = null;
      return true;
    },
    /** Opens a link's filter or delay panel (editor-core 2.10), clearing the step selection. */
    openLinkPanel(linkId: string, kind: LinkPanel['kind']): void {
      self.selectedStepId = null;
      self.panelSection = null;
      self.linkPanel = { linkId, kind };
    },
    /** Closes the link panel. */
    closeLinkPanel(): void {
      self.linkPanel = null;
    },
    /** Applies a server answer outside the history and remembers its revision. */
    applyStored(stored: StoredWorkflow): void {
      // The row's name and activation are authoritative over the document's copies.
      const doc = { ...stored.document, id: stored.id, name: stored.name, active: stored.active };
      if (!self.workflow) {
        // The first load creates the model from the document as its snapshot: MST builds the
        // 1,000 step nodes of a large workflow lazily, where loadDocument would diff the empty
        // lists and splice every step in (about 200 ms for 1,000 steps). The history starts
        // empty, so a load is never an undo entry. The node is created first and then attached
        // (it takes the store's environment): assigning the snapshot itself would make MST
        // validate all of it against the optional field's type (35 checks per step, most of
        // the model's cost in a profile of opening 1,000 steps; BENCHMARKS.md "Editor").
        self.workflow = WorkflowModel.create({
          id: doc.id,
          name: doc.name,
          active: doc.active,
          // The model normalizes each step's data and link (core's `normalizeStepData`, `normalizeLink`).
          steps: doc.steps,
          links: doc.links,
        });
      } else {
        // Later loads (another workflow, a template) replace what differs, outside the history.
        self.wf.loadDocument(doc);
      }
      const workflow = self.wf;
      self.revision = stored.revision;
      self.lifecycle = stored.state ?? (stored.active ? 'live' : 'off');
      self.publishedVersion = stored.publishedVersion ?? null;
      self.savedData = workflow.data;
      if (self.selectedStepId && !workflow.stepById(self.selectedStepId)) self.selectedStepId = null;
    },
    setLoadPhase(phase: LoadPhase): void {
      self.loadPhase = phase;
    },
    /** Notes whether the last failed load failed because the server could not answer. */
    setLoadUnreachable(isUnreachable: boolean, problem: ShownProblem | null = null): void {
      self.loadFailedUnreachable = isUnreachable;
      self.loadProblem = problem;
    },
    /** Notes the version open read-only (or null) and the read-only reason to show meanwhile. */
    setViewingVersion(number: number | null, reason: string | null): void {
      self.viewingVersion = number;
      self.versionReadOnlyReason = reason;
    },
    /** Marks the workflow read-only for the member's role (a viewer), with the reason shown. */
    setReadOnlyReason(reason: string | null): void {
      self.roleReadOnlyReason = reason;
    },
    setSavePhase(phase: SavePhase): void {
      self.savePhase = phase;
    },
    markSaved(data: WorkflowData, revision: number, stored?: Pick<StoredWorkflow, 'state' | 'publishedVersion'>): void {
      if (stored?.state) self.lifecycle = stored.state;
      if (stored?.publishedVersion !== undefined) self.publishedVersion = stored.publishedVersion;
      self.isUnreachable = false;
      self.savedData = data;
      self.revision = revision;
      self.savePhase = 'saved';
    },
    /**
     * Applies the server's answer to an activation switch (editor-core 4.2): the flag and the
     * new stored revision, outside the history; when nothing was waiting to be saved, the
     * workflow still counts as saved.
     */
    applyActivation(active: boolean, revision: number | null): void {
      const wasSaved = self.workflow !== undefined && self.workflow.data === self.savedData;
      self.wf.setActive(active);
      self.lifecycle = active ? 'live' : 'off';
      if (revision !== null) self.revision = revision;
      if (wasSaved) self.savedData = self.wf.data;
    },
    /** Clears the unreachable state once a check finds nothing left to save. */
    markReachable(): void {
      self.isUnreachable = false;
    },
    markSaveFailed(isUnreachable = false, isConflicted = false): void {
      self.savePhase = 'saveFailed';
      self.saveFailures += 1;
      self.isUnreachable = isUnreachable;
      if (isConflicted) self.isConflicted = true;
    },
  }))
  .actions((self) => {
    let timer: unknown = null;
    /** When the oldest edit not yet handed to a save was made (epoch ms), for the max wait. */
    let pendingSince: number | null = null;
    let inFlight: Promise<void> | null = null;
    let stopAutosave: (() => void) | null = null;

    const cancelTimer = () => {
      if (timer !== null) (self.env.clearTimeout ?? globalClearTimeout)(timer);
      timer = null;
      pendingSince = null;
    };

    /** Saves the current workflow once; a save already running is awaited first. */
    async function saveOnce(): Promise<void> {
      if (inFlight) await inFlight;
      if (!self.workflow || !self.hasUnsavedChanges || self.isConflicted || self.readOnlyReason) return;
      const data = self.workflow.data;
      const document = toDocument(data);
      const key = workflowKey(data.id);
      const server = serverStateOf(self.env.api);
      self.setSavePhase('saving');
      const run = (async () => {
        try {
          const saved = await server.mutate(
            (api) =>
              api.put('/api/workflows/{id}', {
                params: { path: { id: data.id } },
                body: { document, ...(self.revision === null ? {} : { expectedRevision: self.revision }) },
              }),
            {
              // The cached workflow shows the edit at once and rolls back when the save fails.
              optimistic: server.cache.getData(key)
                ? [{ key, update: (old) => ({ ...(old as StoredWorkflow), name: data.name, document }) }]
                : [],
              onSuccess: (answer, cache) => cache.find(key)?.setData(answer),
              invalidates: [apiKey('/api/dashboard/workflows')],
            },
          );
          // The echo is not applied to the model: the workflow may have moved on while the request ran.
          self.markSaved(data, saved.revision, saved);
        } catch (error) {
          const wasUnreachable = self.isUnreachable;
          const code = isApiError(error) ? error.code : null;
          self.markSaveFailed(isUnreachable(error), code === PROBLEM_CODES.workflowRevisionConflict);
          // While the server stays unreachable the banner speaks; one toast is enough.
          if (!(wasUnreachable && self.isUnreachable)) self.env.notifyError(problemText(error));
        }
      })();
      inFlight = run;
      await run;
      inFlight = null;
      // Edits made while saving are saved next (autosave may have skipped them as busy).
      if (self.savePhase === 'saved' && self.hasUnsavedChanges) scheduleSave();
    }

    /** Saves {@link AUTOSAVE_DELAY_MS} after the last edit, or {@link AUTOSAVE_MAX_WAIT_MS} after the first unsaved one. */
    function scheduleSave(): void {
      const since = pendingSince ?? self.env.now();
      cancelTimer();
      pendingSince = since;
      const wait = Math.max(0, Math.min(AUTOSAVE_DELAY_MS, since + AUTOSAVE_MAX_WAIT_MS - self.env.now()));
      timer = (self.env.setTimeout ?? globalSetTimeout)(() => {
        timer = null;
        pendingSince = null;
        void saveOnce();
      }, wait);
    }

    return {
      /**
       * Loads workflow `id` (GET /api/workflows/{id}) outside the history; load phase
       * 'failed' shows the no-access page.
       */
      /**
       * Opens workflow `id` from the boot-time GET when its answer has already arrived, with the
       * stored session token (editor-core 2.1, as `establishSession` takes it): the page's first
       * render shows the workflow instead of a loading frame. Returns false and changes nothing
       * otherwise; `load` then takes the answer when it comes, or asks.
       *
       * Called while the page renders, it has no effect beyond this store: the answer stays with
       * the root until the page that shows the store is mounted ({@link releaseBootWorkflow}), so
       * a render React throws away (StrictMode's second call, an interrupted concurrent render)
       * leaves it for the store of the render that is kept, which opens without another GET.
       */
      openArrived(id: string, token: string): boolean {
        const stored = self.env.settledWorkflow?.(id, token) ?? null;
        if (stored?.id !== id) return false;
        self.env.api.setToken(token);
        self.applyStored(stored);
        self.setLoadPhase('loaded');
        return true;
      },
      /**
       * Lets go of the boot-time GET's answer once the page showing this store is mounted (an
       * effect): a later editor of the same workflow reads it from the server, not from boot.
       */
      releaseBootWorkflow(): void {
        self.env.releaseWorkflowPrefetch?.();
      },
      load: flow(function* load(id: string) {
        self.setLoadPhase('loading');
        try {
          // The GET started while the app booted, when there is one; else (or when it failed) now.
          const early: StoredWorkflow | null = yield self.env.takePrefetchedWorkflow?.(id) ?? Promise.resolve(null);
          const stored: StoredWorkflow =
            early?.id === id
              ? early
              : yield serverStateOf(self.env.api).read('/api/workflows/{id}', { params: { path: { id } } });
          self.applyStored(stored);
          self.setLoadPhase('loaded');
        } catch (error) {
          // A server that cannot be reached (or fails) is not a missing workflow.
          self.setLoadUnreachable(
            isUnreachable(error) || (isApiError(error) && error.code.startsWith('server.')),
            describeProblem(error),
          );
          self.setLoadPhase('failed');
        }
      }),
      /** Creates a new workflow (POST /api/workflows) and opens it; returns its id, or null on failure. */
      create: flow(function* create() {
        self.setLoadPhase('loading');
        try {
          const stored: StoredWorkflow = yield serverStateOf(self.env.api).mutate(
            (api) => api.post('/api/workflows', { body: {} }),
            {
              invalidates: [apiKey('/api/dashboard/workflows')],
            },
          );
          self.applyStored(stored);
          self.setLoadPhase('loaded');
          return stored.id;
        } catch {
          self.setLoadPhase('failed');
          return null;
        }
      }),
      /**
       * Accepts a shared template (editor-core 4.9: POST /api/templates/{templateId}/accept, a
       * new inactive workflow) and opens it; returns its id, or the reason it cannot be
       * accepted (also shown through `notifyError`; nothing is opened, nothing is created).
       */
      acceptTemplate: flow(function* acceptTemplate(templateId: string) {
        self.setLoadPhase('loading');
        try {
          const stored: StoredWorkflow = yield serverStateOf(self.env.api).mutate(
            (api) => api.post('/api/templates/{templateId}/accept', { params: { path: { templateId } } }),
            { invalidates: [apiKey('/api/dashboard/workflows')] },
          );
          self.applyStored(stored);
          self.setLoadPhase('loaded');
          return { id: stored.id } as const;
        } catch (error) {
          self.setLoadPhase('unloaded');
          const failure =
            isApiError(error) && error.code === STATUS_PROBLEM_CODES[404] ? TEMPLATE_GONE_TEXT : problemText(error);
          self.env.notifyError(failure);
          return { failure } as const;
        }
      }),
      /** Saves now (name commit, Ctrl/Cmd+S; editor-core 4.5), skipping the autosave wait. */
      saveNow(): Promise<void> {
        cancelTimer();
        return saveOnce();
      },
      /** Starts saving every edit after {@link AUTOSAVE_DELAY_MS} of quiet; returns the stop function. */
      startAutosave(): () => void {
        stopAutosave?.();
        const dispose = reaction(
          () => self.workflow?.data,
          () => {
            if (self.hasUnsavedChanges) scheduleSave();
          },
        );
        stopAutosave = () => {
          dispose();
          cancelTimer();
          stopAutosave = null;
        };
        return stopAutosave;
      },
      /** Stops autosave (the page unmounts); a pending save is dropped. */
      stopAutosave(): void {
        stopAutosave?.();
      },
      /** Deletes a step through the model (undoable) and drops it from the selection. */
      deleteStep(stepId: string): void {
        self.wf.deleteStep(stepId);
        if (self.selectedStepId === stepId) self.select(null);
      },
      /** Duplicates a step through the model (undoable); returns the copy's name, or undefined. */
      duplicateStep(stepId: string): string | undefined {
        return self.wf.duplicateStep(stepId)?.data.name;
      },
      beforeDestroy(): void {
        stopAutosave?.();
      },
    };
  });

/** The editor store before its request and lifecycle actions are composed on (editor-store.ts). */
export interface EditorStoreCore extends Instance<typeof EditorStoreBase> {}
