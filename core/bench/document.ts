/**
 * Benchmarks of stored documents: validate + migrate throughput over the legacy fixtures
 * (test/fixtures/legacy), against a JSON-Schema validator (ajv) on the same documents and a
 * JSON deep copy. The brief's goal: ≥ 10,000 documents/s on typical legacy documents.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { validateDocument } from '../src/workflow/document.js';
import { CONDITION_TYPES } from '../src/workflow/filter.js';
import { migrateDocument } from '../src/workflow/legacy.js';
import { createStepData, type WorkflowDocument } from '../src/workflow/types.js';
import type { BenchRow } from './types.js';

const fixtures = new URL('../../test/fixtures/legacy/', import.meta.url);
/** Measured windows per benchmark; the median is reported. */
const WINDOWS = 7;
const WINDOW_MS = 200;

const str = { type: 'string' } as const;
const nullableNumber = { type: ['number', 'null'] } as const;
const fieldSchema = {
  $id: 'fieldSchema',
  type: 'object',
  additionalProperties: false,
  properties: {
    type: { enum: ['string', 'number', 'integer', 'datetime', 'boolean', 'object', 'array'] },
    enum: { type: 'array', items: str },
    enumNames: { type: 'array', items: str },
    items: { $ref: 'fieldSchema' },
    properties: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['key'],
        properties: {
          key: str,
          title: str,
          description: str,
          hidden: { type: 'boolean' },
          schema: { $ref: 'fieldSchema' },
        },
      },
    },
    dynamic: str,
    params: { type: 'array', items: str },
    perform: str,
  },
};
const stepData = {
  type: 'object',
  additionalProperties: false,
  // The baseline schema requires exactly the keys core's defaults write.
  required: Object.keys(createStepData()),
  properties: {
    name: { type: 'string', maxLength: 200 },
    type: str,
    label: str,
    icon: str,
    custombutton: { type: 'boolean' },
    url: str,
    hasauth: { type: 'boolean' },
    credential: { type: ['string', 'null'] },
    authname: str,
    action: str,
    actionlabel: str,
    fields: {
      type: 'array',
      maxItems: 500,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name'],
        properties: {
          name: { type: 'string', minLength: 1 },
          title: str,
          description: str,
          hidden: { type: 'boolean' },
          in: { enum: ['query', 'path', 'header', 'formData'] },
          required: { type: 'boolean' },
          value: {},
          schema: { $ref: 'fieldSchema' },
        },
      },
    },
    testData: {},
    actionTestTime: nullableNumber,
    sampleKey: str,
    customName: { type: 'boolean' },
    delay: { type: 'number', minimum: 0 },
    app: str,
    triggerlabel: str,
    triggerResource: str,
    triggerMessage: str,
    triggerChoices: { type: 'array', maxItems: 5 },
    triggerchoice: str,
    triggerChoiceTime: nullableNumber,
    pollingParams: {
      oneOf: [
        { type: 'null' },
        {
          type: 'object',
          additionalProperties: false,
          required: ['dedupe_key', 'data_head'],
          properties: { dedupe_key: str, data_head: str },
        },
      ],
    },
    performList: str,
    unsubscribe: str,
    webhookKey: str,
  },
};
/** The current document shape as JSON Schema: what a schema-driven validator would check. */
const documentSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['schemaVersion', 'id', 'name', 'active', 'steps', 'links'],
  properties: {
    schemaVersion: { const: 1 },
    id: str,
    name: { type: 'string', maxLength: 200 },
    active: { type: 'boolean' },
    steps: {
      type: 'array',
      maxItems: 5000,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'kind', 'position', 'data'],
        properties: {
          id: { type: 'string', minLength: 1 },
          kind: { enum: ['trigger', 'action', 'filter', 'loopEnd'] },
          position: {
            type: 'object',
            additionalProperties: false,
            required: ['x', 'y'],
            properties: { x: { type: 'number' }, y: { type: 'number' } },
          },
          data: stepData,
        },
      },
    },
    links: {
      type: 'array',
      maxItems: 20000,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'source', 'target', 'name', 'groups', 'delaySeconds'],
        properties: {
          id: { type: 'string', minLength: 1 },
          source: { type: 'string', minLength: 1 },
          target: { type: 'string', minLength: 1 },
          name: str,
          groups: {
            type: 'array',
            items: {
              type: 'array',
              items: {
                type: 'object',
                additionalProperties: false,
                required: ['lhs', 'conditionType', 'rhs'],
                properties: {
                  lhs: str,
                  rhs: str,
                  conditionType: { enum: [...CONDITION_TYPES] },
                },
              },
            },
          },
          delaySeconds: { type: 'number', minimum: 0 },
        },
      },
    },
  },
};

function gc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** Documents per second of `work` over `docs`: the median of several timed windows. */
function throughput(docs: unknown[], work: (doc: unknown) => unknown): number {
  for (let i = 0; i < 200; i++) work(docs[i % docs.length]);
  const rates: number[] = [];
  for (let w = 0; w < WINDOWS; w++) {
    gc();
    let count = 0;
    const start = performance.now();
    let elapsed = 0;
    while (elapsed < WINDOW_MS) {
      for (const doc of docs) work(doc);
      count += docs.length;
      elapsed = performance.now() - start;
    }
    rates.push((count / elapsed) * 1000);
  }
  rates.sort((a, b) => a - b);
  return Math.round(rates[Math.floor(rates.length / 2)]);
}

/** A legacy fixture: its file name, its JSON and the document it migrates to. */
interface Fixture {
  name: string;
  json: unknown;
  document: WorkflowDocument;
}

function loadFixtures(): Fixture[] {
  const out: Fixture[] = [];
  for (const name of readdirSync(fixtures)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const json: unknown = JSON.parse(readFileSync(new URL(name, fixtures), 'utf8'));
    const result = migrateDocument(json);
    // Broken fixtures are not "typical": the benchmark measures the success path.
    if (result.ok) out.push({ name, json, document: result.document });
  }
  return out;
}

/**
 * Runs the document benchmarks and returns one row per measurement.
 *
 * @example
 * // node --expose-gc --import tsx core/bench/run.ts
 * const rows = await benchDocument();
 */
export async function benchDocument(): Promise<BenchRow[]> {
  const all = loadFixtures();
  const typical = all.filter((f) => f.document.steps.length <= 20);
  const large = all.filter((f) => f.document.steps.length > 20);
  const ajv = new Ajv({ allErrors: true, schemas: [fieldSchema] });
  const ajvValidate = ajv.compile(documentSchema);
  for (const f of all)
    if (!ajvValidate(f.document))
      throw new Error(`ajv schema rejects ${f.name}: ${ajv.errorsText(ajvValidate.errors)}`);
  const migrateAndCheck = (doc: unknown) => {
    const result = migrateDocument(doc);
    if (!result.ok) throw new Error('fixture did not migrate');
    return result;
  };
  /** Documents a second of `work` over `docs`, against a baseline's documents a second. */
  const compareRow = (
    names: Pick<BenchRow, 'benchmark' | 'subject' | 'baseline' | 'target'>,
    docs: unknown[],
    work: (doc: unknown) => unknown,
    baselineDocs: unknown[],
    baselineWork: (doc: unknown) => unknown,
  ): BenchRow => ({
    ...names,
    value: throughput(docs, work),
    baselineValue: throughput(baselineDocs, baselineWork),
    unit: 'docs/s',
  });
  /** Migrating legacy fixtures (their JSON text) against ajv validating the same documents. */
  const migrateRow = (benchmark: string, subject: string, list: Fixture[], target: string): BenchRow =>
    compareRow(
      { benchmark, subject, baseline: 'ajv, JSON Schema of v1 (validate only)', target },
      list.map((f) => f.json),
      migrateAndCheck,
      list.map((f) => f.document),
      (d) => ajvValidate(d),
    );
  const rows: BenchRow[] = [
    migrateRow(
      `validate + migrate, ${typical.length} typical legacy documents`,
      'migrateDocument (converts, then validateDocument)',
      typical,
      '≥ 10,000 docs/s',
    ),
    compareRow(
      {
        benchmark: `validate, ${typical.length} typical v1 documents`,
        subject: 'validateDocument (with clean copy)',
        baseline: 'JSON.parse(JSON.stringify) copy',
        target: '≥ 10,000 docs/s',
      },
      typical.map((f) => f.document),
      validateDocument,
      typical.map((f) => f.document),
      (d) => JSON.parse(JSON.stringify(d)),
    ),
  ];
  if (large.length > 0) {
    rows.push(
      migrateRow(
        `validate + migrate, ${large.map((f) => `${f.document.steps.length}-step`).join(', ')} legacy document`,
        'migrateDocument',
        large,
        '≥ 500 docs/s',
      ),
    );
  }
  return rows;
}
