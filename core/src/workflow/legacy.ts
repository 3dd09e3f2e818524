/**
 * Migration of stored workflow documents to the current schema (version 1). Version 0 is the
 * legacy stored shape of the older product (editor-core 3 "Workflow", onboarding 3): a record
 * with name, active and current_state, whose frontendWorkflow lists canvas elements (nodes with
 * id/type/position/data, edges with source/target/data) and whose workflowTemplate holds the
 * execution-node form. Conversion is lenient (coerces and warns); the result is then checked
 * by {@link validateDocument}, with error paths pointing back into the legacy input.
 */

import { FIELD_LOCATIONS, FIELD_TYPES } from '../apps/rules.js';
import type { FieldDef, FieldSchema, PollingParams } from '../apps/types.js';
import { storableActivation } from './activation.js';
import { DOCUMENT_LIMITS, type DocumentError, joinPath, validateDocument } from './document.js';
import { CONDITION_TYPES, conditionProblem } from './filter.js';
import { convertLegacySchedule } from './legacy-schedule.js';
import { STEP_DATA_KEYS, type StepDataKey, stepFieldSpec } from './step-fields.js';
import {
  type Condition,
  type ConditionGroup,
  createStepData,
  type Link,
  type Step,
  type StepData,
  type StepKind,
  WORKFLOW_SCHEMA_VERSION,
  type WorkflowDocument,
} from './types.js';

/** A lossless-enough change made while migrating, located in the input document. */
export interface DocumentWarning {
  path: string;
  message: string;
}

/** The outcome of {@link migrateDocument}. */
export type MigrateDocumentResult =
  | { ok: true; document: WorkflowDocument; fromVersion: 0 | 1; warnings: DocumentWarning[] }
  | { ok: false; errors: DocumentError[]; fromVersion?: 0 | 1 };

/** The legacy (version 0) stored workflow record (editor-core 3, onboarding 3). */
export interface LegacyWorkflow {
  id?: string | number;
  _id?: string;
  name?: string;
  active?: boolean;
  tenant?: unknown;
  /** Onboarding 3 stores the canvas elements at the top level. */
  elements?: LegacyElement[];
  current_state?: {
    frontendWorkflow?: LegacyElement[];
    workflowTestbed?: LegacyExecutionTemplate;
    workflowTemplate?: LegacyExecutionTemplate & { active?: boolean };
  };
}

/** A legacy canvas element: a node (position + data) or an edge (source + target). */
export interface LegacyElement {
  id: string;
  type?: string;
  position?: { x: number; y: number };
  draggable?: boolean;
  animated?: boolean;
  source?: string;
  target?: string;
  data?: Record<string, unknown>;
}

/** The legacy testbed/template record (editor-core 3). */
export interface LegacyExecutionTemplate {
  nodesRun?: unknown;
  flowControl?: unknown;
  nodes?: LegacyExecutionNode[];
  globals?: unknown;
}

/** The editor-core 3 execution-node form. */
export interface LegacyExecutionNode {
  id: string;
  name?: string;
  type?: string;
  url?: string;
  inputFields?: { operation?: string; fields?: FieldDef[]; credential?: string | null };
  outputFields?: unknown;
  renderInfo?: { x: number; y: number };
  /** Target step id → condition groups, or 'default' for an unconditional link. */
  connections?: Record<string, ConditionGroup[] | 'default'>;
  delay?: number;
}

type Rec = Record<string, unknown>;

const isRecord = (v: unknown): v is Rec =>
  typeof v === 'object' && v !== null && Object.prototype.toString.call(v) === '[object Object]';

// The legacy node data has every step data field of the table but those added since (optional).
const LEGACY_KEYS: readonly StepDataKey[] = STEP_DATA_KEYS.filter((key) => !stepFieldSpec(key).optional);
/** Legacy node-data keys with no place in StepData that are dropped without a warning. */
const DROPPED_DATA_KEYS = new Set([
  'outputFields',
  'selected',
  'dragging',
  'draggable',
  'width',
  'height',
  'draggedNodeId',
]);
const KNOWN_DATA_KEYS: ReadonlySet<string> = new Set(LEGACY_KEYS);
const FIELD_TYPE_SET: ReadonlySet<string> = new Set(FIELD_TYPES);
const FIELD_LOCATION_SET: ReadonlySet<string> = new Set(FIELD_LOCATIONS);
const CONDITION_TYPE_SET: ReadonlySet<string> = new Set(CONDITION_TYPES);

/** Where each migrated step and link came from, to point errors at the input. */
interface Origins {
  steps: { path: string; isExecutionNode: boolean }[];
  links: { path: string; name: string; groups: string; delaySeconds: string }[];
}

class Converter {
  readonly warnings: DocumentWarning[] = [];
  readonly origins: Origins = { steps: [], links: [] };
  /** Source-target pairs and ids of the links kept so far. */
  readonly linkPairs = new Set<string>();
  readonly linkIds = new Set<string>();

  warn(path: string, message: string): void {
    this.warnings.push({ path, message });
  }

  text(value: unknown, path: string, fallback = ''): string {
    if (typeof value === 'string') return value;
    if (value === undefined || value === null) return fallback;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    this.warn(
      path,
      `expected text, found ${Array.isArray(value) ? 'an array' : typeof value}; replaced by "${fallback}"`,
    );
    return fallback;
  }

  id(value: unknown): string {
    return typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
  }

  number(value: unknown, path: string, fallback: number | null): number | null {
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    if (value === undefined || value === null || value === '') return fallback;
    if (typeof value === 'string') {
      const n = value.trim() === '' ? Number.NaN : Number(value);
      if (Number.isFinite(n)) return n;
      // Timestamps were sometimes stored as ISO text.
      const t = Date.parse(value);
      if (Number.isFinite(t)) return t;
    }
    this.warn(
      path,
      `expected a number, found ${JSON.stringify(value)?.slice(0, 40) ?? typeof value}; replaced by ${fallback}`,
    );
    return fallback;
  }

  flag(value: unknown, path: string): boolean {
    if (typeof value === 'boolean') return value;
    if (value === undefined || value === null) return false;
    if (value === 'true' || value === 'false') return value === 'true';
    this.warn(path, `expected true or false, found ${JSON.stringify(value)?.slice(0, 40)}; read as ${Boolean(value)}`);
    return Boolean(value);
  }

  clip(value: string, max: number, path: string): string {
    if (value.length <= max) return value;
    this.warn(path, `cut from ${value.length} to ${max} characters`);
    return value.slice(0, max);
  }

  schema(value: unknown, path: string, dropped: Set<string>, depth = 0): FieldSchema | undefined {
    if (!isRecord(value) || depth > 16) return undefined;
    const out: FieldSchema = {};
    for (const key of Object.keys(value)) {
      const v = value[key];
      if (key === 'type' && typeof v === 'string' && FIELD_TYPE_SET.has(v)) out.type = v as FieldSchema['type'];
      else if ((key === 'enum' || key === 'enumNames' || key === 'params') && Array.isArray(v))
        out[key] = v.map((x) => String(x));
      else if (key === 'items') out.items = this.schema(v, joinPath(path, key), dropped, depth + 1);
      else if (key === 'properties' && Array.isArray(v)) {
        out.properties = v.filter(isRecord).map((p, i) => {
          const property: NonNullable<FieldSchema['properties']>[number] = {
            key: this.text(p.key, joinPath(joinPath(path, key), i)),
          };
          if (typeof p.title === 'string') property.title = p.title;
          if (typeof p.description === 'string') property.description = p.description;
          if (typeof p.hidden === 'boolean') property.hidden = p.hidden;
          const s = this.schema(p.schema, joinPath(joinPath(joinPath(path, key), i), 'schema'), dropped, depth + 1);
          if (s) property.schema = s;
          return property;
        });
      } else if ((key === 'dynamic' || key === 'perform') && typeof v === 'string') out[key] = v;
      else if (v !== undefined) dropped.add(`schema.${key}`);
    }
    if (out.items === undefined) delete out.items;
    return out;
  }

  fields(value: unknown, path: string): FieldDef[] {
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) {
      this.warn(path, 'fields is not a list; no fields kept');
      return [];
    }
    const out: FieldDef[] = [];
    const dropped = new Set<string>();
    value.forEach((raw, i) => {
      const at = joinPath(path, i);
      if (!isRecord(raw) || (typeof raw.name !== 'string' && typeof raw.name !== 'number') || raw.name === '') {
        this.warn(at, 'field without a name dropped');
        return;
      }
      const field: FieldDef = { name: String(raw.name) };
      for (const key of Object.keys(raw)) {
        const v = raw[key];
        if (key === 'name' || v === undefined) continue;
        if ((key === 'title' || key === 'description') && typeof v === 'string') field[key] = v;
        else if ((key === 'hidden' || key === 'required') && typeof v === 'boolean') field[key] = v;
        else if (key === 'in' && typeof v === 'string' && FIELD_LOCATION_SET.has(v)) field.in = v as FieldDef['in'];
        else if (key === 'value') field.value = v;
        else if (key === 'schema') {
          const s = this.schema(v, joinPath(at, key), dropped);
          if (s) field.schema = s;
        } else dropped.add(key);
      }
      out.push(field);
    });
    if (dropped.size > 0)
      this.warn(path, `dropped field keys the current format does not have: ${[...dropped].sort().join(', ')}`);
    return out;
  }

  pollingParams(value: unknown): PollingParams | null {
    if (!isRecord(value) || (value.dedupe_key === undefined && value.data_head === undefined)) return null;
    return { dedupe_key: this.text(value.dedupe_key, ''), data_head: this.text(value.data_head, '') };
  }

  /** One node data field converted by its kind in the step data table (./step-fields.ts). */
  stepField(key: StepDataKey, data: Rec, path: string): unknown {
    const at = `${path}.${key}`;
    switch (stepFieldSpec(key).kind) {
      case 'string': {
        const text = this.text(data[key], at);
        return key === 'name' ? this.clip(text, DOCUMENT_LIMITS.maxNameLength, at) : text;
      }
      case 'boolean':
        return this.flag(data[key], at);
      case 'number':
        return Math.max(0, this.number(data[key], at, 0) ?? 0);
      case 'nullableString': {
        // The old product stored '' for "no credential".
        const id = this.id(data[key]);
        return id === '' ? null : id;
      }
      case 'nullableNumber':
        return this.number(data[key], at, null);
      case 'json':
        return data[key] !== undefined ? data[key] : (data.outputFields ?? null);
      case 'fields':
        return this.fields(data[key], at);
      case 'choices': {
        const choices = Array.isArray(data[key]) ? data[key] : [];
        // editor-core 3 and 9: only the first 5 trigger choices are kept.
        if (choices.length > DOCUMENT_LIMITS.maxTriggerChoices) {
          this.warn(at, `kept the first ${DOCUMENT_LIMITS.maxTriggerChoices} of ${choices.length} trigger choices`);
        }
        return choices.slice(0, DOCUMENT_LIMITS.maxTriggerChoices);
      }
      case 'pollingParams':
        return this.pollingParams(data[key]);
    }
  }

  /** Node data (onboarding 3 "Node data") to StepData, defaults from createStepData. */
  stepData(value: unknown, path: string): StepData {
    if (value !== undefined && !isRecord(value)) this.warn(path, 'node data is not an object; defaults used');
    const data: Rec = isRecord(value) ? value : {};
    const patch: Record<string, unknown> = {};
    for (const key of LEGACY_KEYS) patch[key] = this.stepField(key, data, path);
    const unknown = Object.keys(data).filter((k) => !KNOWN_DATA_KEYS.has(k) && !DROPPED_DATA_KEYS.has(k));
    if (unknown.length > 0)
      this.warn(path, `dropped node data keys the current format does not have: ${unknown.sort().join(', ')}`);
    const converted = createStepData(patch as Partial<StepData>);
    const schedule = convertLegacySchedule(converted);
    if (!schedule) return converted;
    if (schedule.warning) this.warn(`${path}.action`, schedule.warning);
    return { ...converted, ...schedule.patch };
  }

  kind(type: unknown, path: string): StepKind {
    if (type === 'trigger' || type === 'action' || type === 'filter' || type === 'loopEnd') return type;
    if (typeof type === 'string' && /^loop[-_ ]?end$/i.test(type)) return 'loopEnd';
    this.warn(path, `unknown element type ${JSON.stringify(type) ?? 'undefined'}; treated as an action step`);
    return 'action';
  }

  position(value: unknown, path: string): { x: number; y: number } {
    if (isRecord(value)) {
      const x = this.number(value.x, `${path}.x`, 0) ?? 0;
      const y = this.number(value.y, `${path}.y`, 0) ?? 0;
      return { x, y };
    }
    this.warn(path, 'missing position; placed at 0, 0');
    return { x: 0, y: 0 };
  }

  /** Condition groups from a legacy filter field; blank rows and empty groups are dropped. */
  groups(value: unknown, path: string): ConditionGroup[] {
    if (value === undefined || value === null || value === '' || value === 'default') return [];
    if (!Array.isArray(value)) {
      this.warn(path, 'condition groups are not a list; the link continues unconditionally');
      return [];
    }
    // Some records hold one flat group instead of a list of groups.
    const lists = value.every((g) => isRecord(g)) ? [value] : value;
    const out: ConditionGroup[] = [];
    lists.forEach((group, i) => {
      if (!Array.isArray(group)) {
        this.warn(joinPath(path, i), 'condition group is not a list; dropped');
        return;
      }
      const conditions: Condition[] = [];
      group.forEach((row, j) => {
        if (!isRecord(row)) return;
        const lhs = this.text(row.lhs, joinPath(joinPath(path, i), j));
        const type = row.conditionType;
        if (lhs === '' && (type === undefined || type === '')) return;
        if (typeof type !== 'string' || !CONDITION_TYPE_SET.has(type)) {
          this.warn(
            joinPath(joinPath(path, i), j),
            `unknown condition type ${JSON.stringify(type) ?? 'undefined'}; condition dropped`,
          );
          return;
        }
        const condition: Condition = {
          lhs,
          conditionType: type as Condition['conditionType'],
          rhs: this.text(row.rhs, joinPath(joinPath(path, i), j)),
        };
        // editor-core 2.10: a row the filter panel would refuse cannot be stored either.
        const problem = conditionProblem(condition);
        if (problem) {
          this.warn(joinPath(joinPath(path, i), j), `condition dropped: ${problem}`);
          return;
        }
        conditions.push(condition);
      });
      if (conditions.length > 0) out.push(conditions);
    });
    return out;
  }
}

/** Adds a link unless it is a self-link or a duplicate (editor-core 4.4), which it reports. */
function addLink(conv: Converter, links: Link[], link: Link, origin: Origins['links'][number]): void {
  if (link.source !== '' && link.source === link.target) {
    conv.warn(origin.path, 'a link from a step to itself was dropped');
    return;
  }
  const pair = `${link.source}\u0000${link.target}`;
  if (conv.linkPairs.has(pair)) {
    conv.warn(origin.path, `duplicate link from "${link.source}" to "${link.target}" dropped`);
    return;
  }
  let id = link.id;
  for (let n = 2; id === '' || conv.linkIds.has(id); n++)
    id = `link-${link.source}-${link.target}${n > 2 ? `-${n}` : ''}`;
  if (link.id !== '' && id !== link.id) conv.warn(origin.path, `duplicate link id "${link.id}" renamed to "${id}"`);
  conv.linkPairs.add(pair);
  conv.linkIds.add(id);
  links.push({ ...link, id });
  conv.origins.links.push(origin);
}

function convertCanvas(conv: Converter, elements: unknown[], base: string): { steps: Step[]; links: Link[] } {
  const steps: Step[] = [];
  const links: Link[] = [];
  elements.forEach((el, i) => {
    const at = `${base}[${i}]`;
    if (!isRecord(el)) {
      conv.warn(at, 'element is not an object; dropped');
      return;
    }
    if ('source' in el || 'target' in el) {
      const data = isRecord(el.data) ? el.data : {};
      const fields = Array.isArray(data.fields) ? data.fields : [];
      const fieldValue = (f: unknown) => (isRecord(f) && 'value' in f ? f.value : f);
      // onboarding 3: fields[0].value is the label, 'empty' meaning none; editor-core 3: fields[1]
      // holds the condition groups and fields[2] the delay in seconds.
      const label = [fieldValue(fields[0]), data.name, data.text].find(
        (v) => typeof v === 'string' && v !== '' && v !== 'empty',
      );
      const fieldsAt = `${at}.data.fields`;
      const delay = conv.number(fieldValue(fields[2]), `${fieldsAt}[2].value`, 0) ?? 0;
      if (delay < 0) conv.warn(`${fieldsAt}[2].value`, 'negative delay replaced by 0');
      // A delay is whole seconds (./delay.ts); a fraction is rounded rather than refused.
      else if (!Number.isInteger(delay)) conv.warn(`${fieldsAt}[2].value`, 'fractional delay rounded to whole seconds');
      addLink(
        conv,
        links,
        {
          id: conv.id(el.id),
          source: conv.id(el.source),
          target: conv.id(el.target),
          name: conv.clip(
            (label as string | undefined) ?? '',
            DOCUMENT_LIMITS.maxLinkNameLength,
            `${fieldsAt}[0].value`,
          ),
          groups: conv.groups(fieldValue(fields[1]), `${fieldsAt}[1].value`),
          delaySeconds: Math.max(0, Math.round(delay)),
        },
        {
          path: at,
          name: `${fieldsAt}[0].value`,
          groups: `${fieldsAt}[1].value`,
          delaySeconds: `${fieldsAt}[2].value`,
        },
      );
      return;
    }
    let id = conv.id(el.id);
    if (id === '') {
      id = `step-${i}`;
      conv.warn(at, `element without an id; given "${id}"`);
    }
    steps.push({
      id,
      kind: conv.kind(el.type, `${at}.type`),
      position: conv.position(el.position, `${at}.position`),
      data: conv.stepData(el.data, `${at}.data`),
    });
    conv.origins.steps.push({ path: at, isExecutionNode: false });
  });
  return { steps, links };
}

/** Builds steps from the execution-node form when a record has no canvas elements. */
function convertExecutionNodes(conv: Converter, nodes: unknown[], base: string): { steps: Step[]; links: Link[] } {
  const steps: Step[] = [];
  const links: Link[] = [];
  const targeted = new Set<string>();
  for (const node of nodes)
    if (isRecord(node) && isRecord(node.connections)) for (const t of Object.keys(node.connections)) targeted.add(t);
  nodes.forEach((node, i) => {
    const at = `${base}[${i}]`;
    if (!isRecord(node)) {
      conv.warn(at, 'execution node is not an object; dropped');
      return;
    }
    const id = conv.id(node.id) || `step-${i}`;
    const input = isRecord(node.inputFields) ? node.inputFields : {};
    // The first node nothing points at is the trigger; the form has no explicit kind.
    const kind: StepKind = i === 0 && !targeted.has(id) ? 'trigger' : node.type === 'filter' ? 'filter' : 'action';
    const data = conv.stepData(
      {
        name: node.name,
        type: node.type,
        url: node.url,
        action: input.operation,
        fields: input.fields,
        credential: input.credential,
        testData: node.outputFields ?? null,
        delay: node.delay,
      },
      at,
    );
    steps.push({ id, kind, position: conv.position(node.renderInfo, `${at}.renderInfo`), data });
    conv.origins.steps.push({ path: at, isExecutionNode: true });
    const connections = isRecord(node.connections) ? node.connections : {};
    for (const target of Object.keys(connections)) {
      const cAt = joinPath(`${at}.connections`, target);
      addLink(
        conv,
        links,
        { id: '', source: id, target, name: '', groups: conv.groups(connections[target], cAt), delaySeconds: 0 },
        { path: cAt, name: cAt, groups: cAt, delaySeconds: cAt },
      );
    }
  });
  return { steps, links };
}

/** Rewrites a path in the migrated document into the matching path of the legacy input. */
function toLegacyPath(origins: Origins, path: string): string {
  const m = /^\$\.(steps|links)\[(\d+)\](.*)$/.exec(path);
  if (!m) return path;
  const rest = m[3] ?? '';
  if (m[1] === 'steps') {
    const origin = origins.steps[Number(m[2])];
    if (!origin) return path;
    if (origin.isExecutionNode) return origin.path;
    return origin.path + (rest === '.kind' ? '.type' : rest);
  }
  const origin = origins.links[Number(m[2])];
  if (!origin) return path;
  for (const key of ['name', 'groups', 'delaySeconds'] as const) {
    if (rest === `.${key}` || rest.startsWith(`.${key}[`)) return origin[key] + rest.slice(key.length + 1);
  }
  return origin.path + rest;
}

function convertLegacy(json: Rec): { document: WorkflowDocument; warnings: DocumentWarning[]; origins: Origins } {
  const conv = new Converter();
  const state = isRecord(json.current_state) ? json.current_state : {};
  const template = isRecord(state.workflowTemplate) ? state.workflowTemplate : {};
  let graph: { steps: Step[]; links: Link[] } = { steps: [], links: [] };
  if (Array.isArray(state.frontendWorkflow) && state.frontendWorkflow.length > 0) {
    graph = convertCanvas(conv, state.frontendWorkflow, '$.current_state.frontendWorkflow');
  } else if (Array.isArray(json.elements) && json.elements.length > 0) {
    graph = convertCanvas(conv, json.elements, '$.elements');
  } else if (Array.isArray(template.nodes) && template.nodes.length > 0) {
    conv.warn('$.current_state.workflowTemplate.nodes', 'no canvas elements; steps rebuilt from the execution nodes');
    graph = convertExecutionNodes(conv, template.nodes, '$.current_state.workflowTemplate.nodes');
  }
  const rawName =
    json.name === undefined || json.name === null || json.name === ''
      ? 'Untitled Workflow'
      : conv.text(json.name, '$.name', 'Untitled Workflow');
  const document: WorkflowDocument = {
    schemaVersion: WORKFLOW_SCHEMA_VERSION,
    id: conv.id(json.id) || conv.id(json._id),
    name: conv.clip(rawName, DOCUMENT_LIMITS.maxNameLength, '$.name'),
    active: conv.flag(json.active, '$.active'),
    steps: graph.steps,
    links: graph.links,
  };
  return { document, warnings: conv.warnings, origins: conv.origins };
}

/** Tells whether a value looks like a legacy (version 0) stored workflow record. */
export function isLegacyDocument(json: unknown): boolean {
  return isRecord(json) && !('schemaVersion' in json) && (isRecord(json.current_state) || Array.isArray(json.elements));
}

/**
 * Brings a stored workflow document to the current schema: legacy records (version 0) are
 * converted and validated, current documents (version 1) are validated and passed through.
 * Never throws; errors carry JSON paths into the input.
 *
 * @example
 * const result = migrateDocument(JSON.parse(text));
 * if (result.ok) save(result.document); // result.fromVersion: 0 | 1, result.warnings
 * else report(result.errors);
 */
export function migrateDocument(json: unknown): MigrateDocumentResult {
  try {
    if (isRecord(json) && 'schemaVersion' in json) {
      const result = validateDocument(json);
      return result.ok
        ? { ok: true, document: result.document, fromVersion: 1, warnings: [] }
        : { ok: false, errors: result.errors, fromVersion: 1 };
    }
    if (!isLegacyDocument(json)) {
      const message =
        'not a workflow document: expected schemaVersion (current format) or current_state / elements (legacy format)';
      return { ok: false, errors: [{ path: '$', code: 'not-a-workflow', message }] };
    }
    const { document, warnings, origins } = convertLegacy(json as Rec);
    const result = validateDocument(document);
    if (!result.ok)
      return {
        ok: false,
        fromVersion: 0,
        errors: result.errors.map((e) => ({
          ...e,
          path: toLegacyPath(origins, e.path),
          message: e.message.replace(/\$\.(?:steps|links)\[\d+\]/g, (p) => toLegacyPath(origins, p)),
        })),
      };
    // A legacy workflow stored ON stays ON only if it passes the activation rule (editor-core 4.2).
    const stored = storableActivation(result.document, null);
    if (stored.problems.length > 0) {
      const reasons = stored.problems.map((p) => p.text).join(' ');
      warnings.push({ path: '$.active', message: `stored OFF: it cannot be switched ON until fixed: ${reasons}` });
    }
    return { ok: true, document: stored.document, fromVersion: 0, warnings };
  } catch (err) {
    let message = 'unknown error';
    try {
      message = err instanceof Error ? err.message : String(err);
    } catch {
      // A thrown value whose toString throws: keep the generic message.
    }
    return {
      ok: false,
      errors: [{ path: '$', code: 'unreadable', message: `the document could not be read: ${message}` }],
    };
  }
}
