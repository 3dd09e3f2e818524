/**
 * The custom-trigger wizard's rules: the generated list action and polling trigger, and how a
 * test response offers its data head (onboarding-and-extras 3, 4 "Custom-trigger wizard").
 */
import { isValidKey } from './rules.js';
import type { ActionDef, FieldDef, TriggerDef } from './types.js';

/** One input field the wizard's form design adds (onboarding 3 "Custom trigger input field"). */
export interface CustomTriggerField {
  key: string;
  label: string;
  /** Helper text. */
  description?: string;
  type: 'string' | 'integer' | 'number' | 'boolean';
  location: 'path' | 'query';
  required?: boolean;
}

/** The types a custom trigger's input field may have (onboarding 3, 9). */
export const CUSTOM_TRIGGER_FIELD_TYPES = ['string', 'integer', 'number', 'boolean'] as const;
/** Where a custom trigger's input goes in the request (onboarding 3, 9). */
export const CUSTOM_TRIGGER_FIELD_LOCATIONS = ['path', 'query'] as const;
/** The placeholder key of a row just added to the form design (onboarding 4). */
export const NEW_FIELD_KEY = 'new_new';

/** Each broken rule of an input-field row, by the form's field. */
export type CustomTriggerFieldProblems = Partial<Record<'key' | 'label' | 'description' | 'type' | 'location', string>>;

/**
 * The problems of an input-field row before Save (onboarding 4, 5): Key, Label, Helper Text,
 * Type and Location are required; the key follows the key rule (letters, digits, hyphens,
 * underscores), is not the placeholder `new_new`, and is not another row's key.
 *
 * @example customTriggerFieldProblems({ key: 'a b', label: 'A', description: 'x', type: 'string', location: 'query' }, []).key
 * // 'Use only letters, numbers, hyphens and underscores.'
 */
export function customTriggerFieldProblems(
  row: { key: string; label: string; description?: string; type: string; location: string },
  otherKeys: readonly string[],
): CustomTriggerFieldProblems {
  const problems: CustomTriggerFieldProblems = {};
  const key = row.key.trim();
  if (!key) problems.key = 'Key is required.';
  else if (!isValidKey(key)) problems.key = 'Use only letters, numbers, hyphens and underscores.';
  else if (key === NEW_FIELD_KEY) problems.key = 'Choose a key.';
  else if (otherKeys.includes(key)) problems.key = 'This key is taken.';
  if (!row.label.trim()) problems.label = 'Label is required.';
  if (!(row.description ?? '').trim()) problems.description = 'Helper Text is required.';
  if (!(CUSTOM_TRIGGER_FIELD_TYPES as readonly string[]).includes(row.type)) problems.type = 'Type is required.';
  if (!(CUSTOM_TRIGGER_FIELD_LOCATIONS as readonly string[]).includes(row.location))
    problems.location = 'Location is required.';
  return problems;
}

/** What the wizard collected. */
export interface CustomTriggerInput {
  /** The object the trigger watches, e.g. 'invoice' or 'support ticket'. */
  noun: string;
  /** The endpoint that lists the objects. */
  url: string;
  fields: CustomTriggerField[];
  /** Response key holding the items; '0' when the response is the list. */
  dataHead: string;
  /** Item key that identifies an item. */
  dedupeKey: string;
}

/** The generated pieces to merge into the app definition. */
export interface CustomTrigger {
  actionKey: string;
  action: ActionDef;
  triggerKey: string;
  trigger: TriggerDef;
}

/**
 * Generates the wizard's hidden list action `list{Noun}` and polling trigger `new{Noun}`
 * (onboarding 3): title 'List {Noun}', label 'New {Noun}', description 'Triggers when a new
 * {Noun} is created'. The key part joins the noun's words capitalised, keeping only letters
 * and digits, so keys follow the key rule.
 *
 * @example buildCustomTrigger({ noun: 'invoice', url, fields: [], dataHead: 'data', dedupeKey: 'id' }).triggerKey // 'newInvoice'
 */
export function buildCustomTrigger(input: CustomTriggerInput): CustomTrigger {
  const words = input.noun.trim().split(/\s+/).filter(Boolean);
  const noun = capitalise(words.join(' '));
  const keyPart = words.map((w) => capitalise(w.replace(/[^A-Za-z0-9]/g, ''))).join('');
  const actionKey = `list${keyPart}`;
  const triggerKey = `new${keyPart}`;
  return {
    actionKey,
    action: {
      title: `List ${noun}`,
      method: 'get',
      hidden: true,
      url: input.url,
      fields: input.fields.map(toFieldDef),
    },
    triggerKey,
    trigger: {
      label: `New ${noun}`,
      description: `Triggers when a new ${noun} is created`,
      type: 'polling',
      action: actionKey,
      pollingParams: { dedupe_key: input.dedupeKey, data_head: input.dataHead },
    },
  };
}

function toFieldDef(field: CustomTriggerField): FieldDef {
  const def: FieldDef = {
    name: field.key,
    title: field.label,
    in: field.location,
    required: field.required === true,
    schema: { type: field.type },
  };
  if (field.description) def.description = field.description;
  return def;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Where the first array of a response sits, and the array itself. */
export interface FoundArray {
  /** Dotted key path to the array; '0' when the response itself is the array. */
  head: string;
  items: unknown[];
}

/**
 * Finds the first array in a response, breadth-first, with the path to it: the response
 * itself when it is an array (head '0'), otherwise the shallowest array, the earlier key
 * first (onboarding 4: "a test uses the first array found in the response").
 *
 * @example findFirstArray({ meta: {}, data: { items: [1] } }) // { head: 'data.items', items: [1] }
 */
export function findFirstArray(response: unknown): FoundArray | null {
  if (Array.isArray(response)) return { head: '0', items: response };
  const queue: { path: string; value: unknown }[] = [{ path: '', value: response }];
  const seen = new Set<unknown>();
  while (queue.length > 0) {
    const { path, value } = queue.shift()!;
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    for (const [key, child] of Object.entries(value)) {
      const childPath = path === '' ? key : `${path}.${key}`;
      if (Array.isArray(child)) return { head: childPath, items: child };
      queue.push({ path: childPath, value: child });
    }
  }
  return null;
}

/** Returns the first array found in a response, breadth-first, or null (onboarding 4). */
export function firstArrayIn(response: unknown): unknown[] | null {
  return findFirstArray(response)?.items ?? null;
}

/**
 * Lists the keys of the first item of the first array in a response: the choices the wizard
 * offers (onboarding 4). Empty when there is no array or its first item is not an object.
 *
 * @example dataHeadChoices({ invoices: [{ id: 1, total: 9 }] }) // ['id', 'total']
 */
export function dataHeadChoices(response: unknown): string[] {
  const first = firstArrayIn(response)?.[0];
  return typeof first === 'object' && first !== null && !Array.isArray(first) ? Object.keys(first) : [];
}
