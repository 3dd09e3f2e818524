/**
 * The palette's entries (editor-core 1: tabs TRIGGERS, ACTIONS and TOOLS with sample entries: a
 * CRM trigger, a messaging action, an IF branch) and what choosing one does to the workflow.
 */
import type { IStep, IWorkflow } from '@junction/core';
import { type ChosenApp, HISTORY_DESCRIPTIONS, messagingApps, needsAuth, STEP_SPACING_Y } from '@junction/core';
import { applyLayout } from '../canvas/canvas-actions.js';
import { toCatalogApp } from '../model/panel-catalog.js';
import type { AppSummaryView } from '../model/types.js';

/** The palette's tabs, in order. */
export const PALETTE_TABS = ['TRIGGERS', 'ACTIONS', 'TOOLS'] as const;
/** One palette tab. */
export type PaletteTab = (typeof PALETTE_TABS)[number];

/** What choosing an entry does: set the trigger's app, add an action step, or edit a link. */
export type PaletteEffect =
  | { kind: 'trigger'; app: string; label: string; hasauth: boolean }
  | { kind: 'action'; app: string; label: string; hasauth: boolean }
  | { kind: 'link'; panel: 'filter' | 'delay' };

/** One palette entry. */
export interface PaletteEntry {
  id: string;
  title: string;
  description: string;
  /** The built-in app icon served by the server, or '' for none. */
  icon: string;
  effect: PaletteEffect;
  /** A premium app (data formatting): free-plan tenants are offered premium first (editor-core 6). */
  premium?: boolean;
}

const icon = (slug: string) => `/icons/${slug}.svg`;

/** An entry that sets the trigger's app or adds an action with a built-in app: named as the app, with its icon. */
function appEntry(
  kind: 'trigger' | 'action',
  id: string,
  app: string,
  label: string,
  description: string,
  hasauth: boolean,
): PaletteEntry {
  return { id, title: label, description, icon: icon(app), effect: { kind, app, label, hasauth } };
}

/** The palette's entries by tab. */
export const PALETTE_ENTRIES: Readonly<Record<PaletteTab, readonly PaletteEntry[]>> = {
  TRIGGERS: [
    appEntry('trigger', 'crm-trigger', 'demo-crm', 'Demo CRM', 'Start when a new contact is created', true),
    appEntry('trigger', 'webhook-trigger', 'webhook', 'Webhook', 'Start when data is posted to a URL', false),
    appEntry('trigger', 'schedule-trigger', 'schedule', 'Schedule', 'Start at set times', false),
  ],
  ACTIONS: [
    appEntry('action', 'http-action', 'http', 'HTTP request', 'Send a message or call any API', false),
    appEntry('action', 'crm-action', 'demo-crm', 'Demo CRM', 'Create, find or update a contact', true),
  ],
  TOOLS: [
    {
      id: 'if-branch',
      title: 'IF (Filter)',
      description: 'Only continue if a condition is met',
      icon: icon('filter'),
      effect: { kind: 'link', panel: 'filter' },
    },
    {
      id: 'delay',
      title: 'Delay',
      description: 'Wait before the next step',
      icon: icon('delay'),
      effect: { kind: 'link', panel: 'delay' },
    },
    {
      ...appEntry('action', 'formatter', 'formatter', 'Formatter', 'Format text, numbers and dates', false),
      premium: true,
    },
  ],
};

/**
 * The ACTIONS tab's messaging entries (editor-core 1 "a messaging action"): one per messaging
 * app of the catalogue (core's `messagingApps`), so an app added to the catalogue shows here too.
 */
export function messagingEntries(apps: readonly AppSummaryView[]): PaletteEntry[] {
  return messagingApps(apps.map(toCatalogApp)).map((app) => ({
    id: `message-${app.appSlug}`,
    title: app.appName || app.appSlug,
    description: 'Send a message',
    icon: app.iconURL ?? '',
    effect: { kind: 'action', app: app.appSlug, label: app.appName || app.appSlug, hasauth: needsAuth(app) },
  }));
}

/** The entries a tab shows: its fixed entries, and on ACTIONS the catalogue's messaging apps after them. */
export function paletteEntries(tab: PaletteTab, apps: readonly AppSummaryView[]): readonly PaletteEntry[] {
  return tab === 'ACTIONS' ? [...PALETTE_ENTRIES.ACTIONS, ...messagingEntries(apps)] : PALETTE_ENTRIES[tab];
}

/** The app an entry chooses, as core's step choice takes it (the palette knows only whether it needs an account). */
function chosenApp(effect: { app: string; label: string; hasauth: boolean }, iconUrl: string): ChosenApp {
  return { appSlug: effect.app, appName: effect.label, iconURL: iconUrl, hasauth: effect.hasauth };
}

/** Returns the step a new action goes after: the selected step, else the last step of the chain. */
export function anchorStep(wf: IWorkflow, selectedStepId: string | null): IStep | undefined {
  const selected = selectedStepId ? wf.stepById(selectedStepId) : undefined;
  if (selected) return selected;
  const hasChild = new Set(wf.links.map((link) => link.source));
  const ends = wf.steps.filter((step) => !hasChild.has(step.id));
  return ends[ends.length - 1] ?? wf.steps[wf.steps.length - 1];
}

/**
 * Applies a trigger or action entry: a trigger entry sets the trigger step's app; an action
 * entry adds an action step with that app after {@link anchorStep} ('add step'). Returns the
 * step to select, or undefined when nothing changed.
 */
export function applyStepEntry(wf: IWorkflow, entry: PaletteEntry, selectedStepId: string | null): IStep | undefined {
  const { effect } = entry;
  if (effect.kind === 'link') return undefined;
  if (effect.kind === 'trigger') {
    const trigger = wf.steps.find((step) => step.kind === 'trigger');
    if (!trigger) return undefined;
    wf.chooseOnStep(trigger.id, { type: 'app', app: chosenApp(effect, entry.icon) });
    return trigger;
  }
  const app = chosenApp(effect, entry.icon);
  const parent = anchorStep(wf, selectedStepId);
  return wf.group(HISTORY_DESCRIPTIONS.addStep, () => {
    const step = wf.addStep(
      {
        kind: 'action',
        position: parent ? { x: parent.position.x, y: parent.position.y + STEP_SPACING_Y } : { x: 220, y: 240 },
      },
      parent ? { parentId: parent.id } : {},
    );
    if (step) {
      wf.chooseOnStep(step.id, { type: 'app', app });
      applyLayout(wf);
    }
    return step;
  });
}

/** Returns the link a filter or delay entry opens: the one into the selected step, else the last link. */
export function linkForTool(wf: IWorkflow, selectedStepId: string | null): string | undefined {
  const into = selectedStepId ? wf.links.find((link) => link.target === selectedStepId) : undefined;
  return (into ?? wf.links[wf.links.length - 1])?.id;
}
