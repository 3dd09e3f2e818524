/**
 * A workflow's apps and accounts as the lists show them, kept beside its document
 * (`workflows.step_apps`, `app_labels`, `step_apps_revision`: migration 0023) so the dashboard
 * and the workflows list read a few small columns per row instead of parsing every document
 * per view (BENCHMARKS.md "Many workflows"). Written with every document the workflows
 * repository saves; a row written by another path (a publish, a document upgrade) has a
 * `step_apps_revision` behind its `revision` and is summarised again when a list reads it.
 */
import { withoutNul } from '../nul-free.js';

/** One app a workflow uses (the dashboard row's icons). */
export interface StepApp {
  type: string;
  label: string;
  icon: string;
}

/** What the lists show of a document's steps. */
export interface StepApps {
  /** The distinct apps of its steps, in step order. */
  apps: StepApp[];
  /** The distinct credential ids its steps use. */
  credentialIds: string[];
}

interface StepLike {
  data?: { type?: unknown; label?: unknown; icon?: unknown; credential?: unknown };
}

/** Returns the distinct apps and credential ids of a stored document's steps. */
export function summariseSteps(document: unknown): StepApps {
  const steps = ((document as { steps?: unknown })?.steps ?? []) as StepLike[];
  const apps = new Map<string, StepApp>();
  const credentials = new Set<string>();
  for (const step of Array.isArray(steps) ? steps : []) {
    const data = step?.data ?? {};
    const type = typeof data.type === 'string' ? data.type : '';
    if (type && !apps.has(type)) {
      apps.set(type, {
        type,
        label: typeof data.label === 'string' && data.label ? data.label : type,
        icon: typeof data.icon === 'string' ? data.icon : '',
      });
    }
    if (typeof data.credential === 'string' && data.credential) credentials.add(data.credential);
  }
  return { apps: [...apps.values()], credentialIds: [...credentials] };
}

/** The columns written beside a document: the summary as JSON text and the app labels searched. */
export function stepAppsColumns(document: unknown): { step_apps: string; app_labels: string } {
  const summary = summariseSteps(document);
  return {
    step_apps: JSON.stringify(summary),
    app_labels: withoutNul(summary.apps.map((a) => a.label.toLowerCase()).join('\n')),
  };
}

/** Reads the `step_apps` column; an empty summary when it is missing or not one. */
export function readStepApps(text: string | null | undefined): StepApps {
  if (!text) return { apps: [], credentialIds: [] };
  try {
    const value = JSON.parse(text) as Partial<StepApps>;
    return {
      apps: Array.isArray(value.apps) ? value.apps : [],
      credentialIds: Array.isArray(value.credentialIds) ? value.credentialIds : [],
    };
  } catch {
    return { apps: [], credentialIds: [] };
  }
}
