/** Sharing a workflow as a template (editor-core 2.4): what the dialog shows and sends. */
import type { WorkflowData } from '@junction/core';

/** App icons shown in the share dialog, at most (editor-core 9). */
export const SHARE_ICON_LIMIT = 20;

/** The dialogs' texts (editor-core 2.4). */
export const SHARE_TEXTS = {
  title: 'Customize your shared workflow template',
  success: "You've shared your workflow template!",
  notShared: 'Account connections, data and execution logs are not shared.',
  copied: 'Copied to clipboard',
  /** Leads a failed share's message (core's message table words the cause). */
  failed: 'Sharing failed.',
  descriptionHint:
    'For example: "When a new contact is added in Demo CRM, send their details to our sales API." Say what starts the workflow, what it does, and what someone needs to set up.',
} as const;

/** One app of the workflow as the share dialog shows it. */
export interface ShareIcon {
  app: string;
  label: string;
  icon: string;
}

/**
 * Returns the distinct apps of a workflow's steps in step order, at most 20 (editor-core 2.4);
 * placeholders are left out.
 */
export function shareIcons(wf: Pick<WorkflowData, 'steps'>): ShareIcon[] {
  const seen = new Set<string>();
  const icons: ShareIcon[] = [];
  for (const step of wf.steps) {
    const app = step.data.type;
    if (!app || seen.has(app)) continue;
    seen.add(app);
    icons.push({ app, label: step.data.label || app, icon: step.data.icon });
    if (icons.length === SHARE_ICON_LIMIT) break;
  }
  return icons;
}

/**
 * Copies text to the clipboard; falls back to selecting `input` and the copy command where
 * the Clipboard API is missing. Resolves true when the text was copied.
 */
export async function copyText(text: string, input?: HTMLInputElement | null): Promise<boolean> {
  try {
    if (typeof navigator !== 'undefined' && navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission refused: try the selection below.
  }
  if (!input) return false;
  input.select();
  return typeof document.execCommand === 'function' && document.execCommand('copy');
}
