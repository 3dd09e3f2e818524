/**
 * The step data fields, declared once (editor-core 3 "Step data", onboarding 3 "Node data"):
 * each field's kind, whether stored documents may omit it, and its length limit. The
 * `StepData` type, `createStepData`'s defaults, the MST `StepDataModel`, the document
 * validator's key list and reader, and the legacy mapping all derive from this table; a type
 * test holds it equal to the api-spec schema (`step-fields.types.test.ts`).
 */
import type { FieldDef, PollingParams } from '../apps/types.js';

/** How a step data field is stored. */
export type StepFieldKind =
  | 'string'
  | 'boolean'
  | 'number'
  | 'nullableString'
  | 'nullableNumber'
  | 'json'
  | 'fields'
  | 'choices'
  | 'pollingParams';

/** One entry of the table. */
export interface StepFieldSpec {
  kind: StepFieldKind;
  /** Added after the first documents were stored: absent reads as the default. */
  optional?: true;
  /** The length limit of a text: a name, an id, or (default) any string. */
  limit?: 'name' | 'id';
  /** Only on a trigger (editor-core 3): an app choice clears it. */
  triggerOnly?: true;
}

/** THE table of step data fields, in the order documents write them. */
export const STEP_DATA_FIELDS = {
  /** Display name, e.g. 'New contact in Demo CRM'. */
  name: { kind: 'string', limit: 'name' },
  /** App key (`demo-crm`, `webhook`, `schedule`, `http`…); '' while a placeholder. */
  type: { kind: 'string', limit: 'id' },
  /** App display name. */
  label: { kind: 'string' },
  icon: { kind: 'string' },
  custombutton: { kind: 'boolean' },
  /** The app's form-data endpoint. */
  url: { kind: 'string' },
  hasauth: { kind: 'boolean' },
  /** Credential id, or null. */
  credential: { kind: 'nullableString', limit: 'id' },
  /** Account label shown on the step. */
  authname: { kind: 'string' },
  /** Event key (action or trigger key). */
  action: { kind: 'string' },
  actionlabel: { kind: 'string' },
  fields: { kind: 'fields' },
  /** Sample output of the last test; null when untested. */
  testData: { kind: 'json' },
  /** Epoch ms of the last action test. */
  actionTestTime: { kind: 'nullableNumber' },
  /**
   * The fingerprint (test-state's `sampleKey`) of the step when `testData` was recorded: an
   * edit of the request, the event or the account makes the sample stale. '' when not known.
   */
  sampleKey: { kind: 'string', limit: 'id', optional: true },
  /** True once the user renamed the step: automatic naming stops (editor-core 4.8). */
  customName: { kind: 'boolean', optional: true },
  /** Delay before this step, seconds (editor-core 4.6, default 0). */
  delay: { kind: 'number' },
  app: { kind: 'string', triggerOnly: true },
  triggerlabel: { kind: 'string', triggerOnly: true },
  triggerResource: { kind: 'string', triggerOnly: true },
  triggerMessage: { kind: 'string', triggerOnly: true },
  /** Only the first 5 are kept. */
  triggerChoices: { kind: 'choices', triggerOnly: true },
  /** Label of the selected choice. */
  triggerchoice: { kind: 'string', triggerOnly: true },
  triggerChoiceTime: { kind: 'nullableNumber', triggerOnly: true },
  pollingParams: { kind: 'pollingParams', triggerOnly: true },
  performList: { kind: 'string', triggerOnly: true },
  unsubscribe: { kind: 'string', triggerOnly: true },
  webhookKey: { kind: 'string', triggerOnly: true },
} as const satisfies Record<string, StepFieldSpec>;

/** The TypeScript type of each kind. */
export interface StepFieldKindTypes {
  string: string;
  boolean: boolean;
  number: number;
  nullableString: string | null;
  nullableNumber: number | null;
  json: unknown;
  fields: FieldDef[];
  choices: unknown[];
  pollingParams: PollingParams | null;
}

type Table = typeof STEP_DATA_FIELDS;
/** A step data key. */
export type StepDataKey = keyof Table;
type OptionalKey = { [K in StepDataKey]: Table[K] extends { optional: true } ? K : never }[StepDataKey];
type TypeOf<K extends StepDataKey> = StepFieldKindTypes[Table[K]['kind']];

/** The step data as the table declares it (see `StepData` in ./types.ts). */
export type StepDataFields = { [K in Exclude<StepDataKey, OptionalKey>]: TypeOf<K> } & {
  [K in OptionalKey]?: TypeOf<K>;
};

/** The default of each kind (a fresh array each time). */
export function defaultOfKind(kind: StepFieldKind): unknown {
  switch (kind) {
    case 'string':
      return '';
    case 'boolean':
      return false;
    case 'number':
      return 0;
    case 'fields':
    case 'choices':
      return [];
    default:
      return null;
  }
}

/** Every step data key, in table order. */
export const STEP_DATA_KEYS: readonly StepDataKey[] = Object.keys(STEP_DATA_FIELDS) as StepDataKey[];

/** The fields an app choice clears on a trigger only (editor-core 3). */
export const TRIGGER_ONLY_KEYS: readonly StepDataKey[] = STEP_DATA_KEYS.filter(
  (key) => (STEP_DATA_FIELDS[key] as StepFieldSpec).triggerOnly === true,
);

/** The spec of a key, widened for loops. */
export function stepFieldSpec(key: StepDataKey): StepFieldSpec {
  return STEP_DATA_FIELDS[key];
}
