/**
 * A change between two versions of a workflow, in words (a version's summary, the publish
 * dialog's impact): steps added, removed, moved (now after another step) and changed (app,
 * event, account, field values, name), and links whose filter or delay changed. Never a JSON
 * diff: each line names steps as the canvas does. Test data and the canvas position are not
 * changes of what runs and are left out.
 */
import type { Link, Step, WorkflowData } from './types.js';

/** A step named as the canvas names it. */
export interface StepRef {
  id: string;
  name: string;
}

/** A step present in both versions whose settings changed, with what changed in words. */
export interface ChangedStep extends StepRef {
  what: string[];
}

/** The change from one version to the next. */
export interface ChangeSummary {
  added: StepRef[];
  removed: StepRef[];
  /** Steps that now follow other steps than before. */
  moved: StepRef[];
  changed: ChangedStep[];
  /** Lines about filters and delays on links between steps of both versions. */
  links: string[];
  /** Every line above, in order, for a list on screen or a version's summary. */
  lines: string[];
  /** True when nothing that runs differs. */
  empty: boolean;
}

const nameOf = (step: Step): string => step.data.name || step.data.label || 'Untitled step';
const ref = (step: Step): StepRef => ({ id: step.id, name: nameOf(step) });
const quote = (text: string) => `"${text}"`;

/** A field value as a short text for a sentence (at most 40 characters). */
function shortValue(value: unknown): string {
  const text =
    value === undefined || value === null || value === ''
      ? 'empty'
      : typeof value === 'string'
        ? value
        : JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/** What changed in one step's settings, in words. */
function stepChanges(before: Step, after: Step): string[] {
  const a = before.data;
  const b = after.data;
  const what: string[] = [];
  if (nameOf(before) !== nameOf(after)) what.push(`renamed from ${quote(nameOf(before))}`);
  if (a.type !== b.type) what.push(`app changed from ${a.type || 'none'} to ${b.type || 'none'}`);
  if (a.action !== b.action) {
    what.push(`event changed from ${a.actionlabel || a.action || 'none'} to ${b.actionlabel || b.action || 'none'}`);
  }
  if (a.credential !== b.credential) what.push('account changed');
  const old = new Map(a.fields.map((f) => [f.name, f]));
  const now = new Map(b.fields.map((f) => [f.name, f]));
  for (const [name, field] of now) {
    const label = field.title || name;
    const previous = old.get(name);
    if (!previous) {
      if (field.value !== undefined && field.value !== '')
        what.push(`${label} set to ${quote(shortValue(field.value))}`);
    } else if (JSON.stringify(previous.value) !== JSON.stringify(field.value)) {
      what.push(`${label} changed from ${quote(shortValue(previous.value))} to ${quote(shortValue(field.value))}`);
    }
  }
  for (const [name, field] of old) {
    if (!now.has(name) && field.value !== undefined && field.value !== '') what.push(`${field.title || name} cleared`);
  }
  return what;
}

const parentsOf = (links: readonly Link[], id: string) =>
  links
    .filter((l) => l.target === id)
    .map((l) => l.source)
    .sort()
    .join(',');

/** Lines about a link kept between the same two steps whose filter or delay changed. */
function linkChanges(before: WorkflowData, after: WorkflowData, names: Map<string, string>): string[] {
  const lines: string[] = [];
  const key = (l: Link) => `${l.source}\u0000${l.target}`;
  const old = new Map(before.links.map((l) => [key(l), l]));
  for (const link of after.links) {
    const previous = old.get(key(link));
    if (!previous) continue;
    const into = quote(names.get(link.target) ?? 'a step');
    if (JSON.stringify(previous.groups) !== JSON.stringify(link.groups)) {
      if (link.groups.length === 0) lines.push(`Filter before ${into} removed`);
      else if (previous.groups.length === 0) lines.push(`Filter before ${into} added`);
      else lines.push(`Filter before ${into} changed`);
    }
    if (previous.delaySeconds !== link.delaySeconds) {
      lines.push(`Delay before ${into} changed from ${previous.delaySeconds} s to ${link.delaySeconds} s`);
    }
  }
  return lines;
}

/**
 * Describes what changed from `before` to `after` in words.
 *
 * @example
 * describeChange(v1, v2).lines // ['Added "Send e-mail"', 'Changed "Create contact": Email changed from "a" to "b"']
 */
export function describeChange(before: WorkflowData, after: WorkflowData): ChangeSummary {
  const old = new Map(before.steps.map((s) => [s.id, s]));
  const now = new Map(after.steps.map((s) => [s.id, s]));
  const added = after.steps.filter((s) => !old.has(s.id)).map(ref);
  const removed = before.steps.filter((s) => !now.has(s.id)).map(ref);
  const moved: StepRef[] = [];
  const changed: ChangedStep[] = [];
  for (const step of after.steps) {
    const previous = old.get(step.id);
    if (!previous) continue;
    if (parentsOf(before.links, step.id) !== parentsOf(after.links, step.id)) moved.push(ref(step));
    const what = stepChanges(previous, step);
    if (what.length > 0) changed.push({ ...ref(step), what });
  }
  const names = new Map(after.steps.map((s) => [s.id, nameOf(s)]));
  const links = linkChanges(before, after, names);
  const lines = [
    ...(before.name !== after.name ? [`Workflow renamed from ${quote(before.name)} to ${quote(after.name)}`] : []),
    ...added.map((s) => `Added ${quote(s.name)}`),
    ...removed.map((s) => `Removed ${quote(s.name)}`),
    ...moved.map((s) => `Moved ${quote(s.name)}`),
    ...changed.map((s) => `Changed ${quote(s.name)}: ${s.what.join('; ')}`),
    ...links,
  ];
  return { added, removed, moved, changed, links, lines, empty: lines.length === 0 };
}
