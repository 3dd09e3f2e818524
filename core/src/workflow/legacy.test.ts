// biome-ignore lint/style/noRestrictedImports: a test reads files from disk; the rule guards core's sources.
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { activationProblems } from './activation.js';
import { isLegacyDocument, migrateDocument } from './legacy.js';
import { createStepData } from './types.js';

const fixtures = new URL('../../../test/fixtures/legacy/', import.meta.url);
const load = (name: string): unknown => JSON.parse(readFileSync(new URL(name, fixtures), 'utf8'));

function migrated_(json: unknown) {
  const result = migrateDocument(json);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result;
}

function migrated(name: string) {
  const result = migrateDocument(load(name));
  if (!result.ok) throw new Error(`${name}: ${JSON.stringify(result.errors)}`);
  return result;
}

describe('migrateDocument on the legacy fixtures', () => {
  it('migrates every valid fixture and fails exactly the broken ones', () => {
    const names = readdirSync(fixtures)
      .filter((f) => f.endsWith('.json'))
      .sort();
    expect(names.length).toBeGreaterThanOrEqual(8);
    const failing = names.filter((n) => !migrateDocument(load(n)).ok);
    expect(failing).toEqual(['broken-dangling-edge.json', 'broken-two-triggers.json']);
  });

  it('brings the tiny placeholder workflow to schemaVersion 1 (editor-core 4.6)', () => {
    const { document, fromVersion, warnings } = migrated('tiny.json');
    expect(fromVersion).toBe(0);
    expect(warnings).toEqual([]);
    expect(document).toEqual({
      schemaVersion: 1,
      id: '101',
      name: 'Untitled Workflow',
      active: false,
      steps: [
        {
          id: '1',
          kind: 'trigger',
          position: { x: 220, y: 40 },
          data: createStepData({ name: 'Click to Add Trigger' }),
        },
        {
          id: '2',
          kind: 'action',
          position: { x: 220, y: 240 },
          data: createStepData({ name: 'Click to Add Action' }),
        },
      ],
      links: [{ id: 'e1-2', source: '1', target: '2', name: '', groups: [], delaySeconds: 0 }],
    });
  });

  it('maps edge fields to the link name, OR groups and delay, dropping blank rows', () => {
    const { document } = migrated('filter-or-groups.json');
    const [only] = document.links;
    expect(only.name).toBe('Filter: ${t1.score} AND ${t1.country} OR ${t1.tags} OR ${t1.email}');
    expect(only.groups).toEqual([
      [
        { lhs: '${t1.score}', conditionType: 'greaterThan', rhs: '50' },
        { lhs: '${t1.country}', conditionType: 'stringEqual', rhs: 'UK' },
      ],
      [{ lhs: '${t1.tags}', conditionType: 'listContains', rhs: 'vip' }],
      [{ lhs: '${t1.email}', conditionType: 'valueExists', rhs: '' }],
    ]);
    expect(document.steps[1].data.fields[0]).toEqual({
      name: 'email',
      in: 'formData',
      required: true,
      value: '${t1.email}',
      schema: { type: 'string' },
    });
    expect(document.steps[0].data.pollingParams).toEqual({ dedupe_key: 'id', data_head: 'contacts' });
  });

  it('reads a delay stored as text in the third edge field', () => {
    const { document } = migrated('delay.json');
    expect(document.links[0]).toMatchObject({ name: 'Wait 5 minutes', delaySeconds: 300, groups: [] });
    expect(document.steps[0].data.credential).toBeNull();
    expect(document.steps[1].data.actionTestTime).toBe(Date.parse('2024-03-01T09:00:05Z'));
  });

  it('keeps the webhook trigger data', () => {
    const { document } = migrated('webhook-trigger.json');
    expect(document.steps[0].data).toMatchObject({
      type: 'webhook',
      webhookKey: 'data.order',
      performList: 'subscribe',
      unsubscribe: 'unsubscribe',
      triggerMessage: 'Webhook created: send POST requests to /hooks/k_8d2f0c',
    });
  });

  it('keeps only the first 5 trigger choices (editor-core 9) and says so', () => {
    const { document, warnings } = migrated('polling-choices.json');
    expect(document.steps[0].data.triggerChoices).toHaveLength(5);
    expect(warnings).toEqual([
      {
        path: '$.current_state.frontendWorkflow[0].data.triggerChoices',
        message: 'kept the first 5 of 8 trigger choices',
      },
    ]);
  });

  it('reports a dangling edge at its legacy path', () => {
    const result = migrateDocument(load('broken-dangling-edge.json'));
    expect(result).toEqual({
      ok: false,
      fromVersion: 0,
      errors: [
        {
          path: '$.current_state.frontendWorkflow[3].target',
          code: 'missing-step',
          message: 'link target "3" is not the id of a step',
        },
      ],
    });
  });

  it('reports a second trigger at its legacy path', () => {
    const result = migrateDocument(load('broken-two-triggers.json'));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => e.path)).toEqual(['$.current_state.frontendWorkflow[1].type']);
    expect(result.errors[0].message).toContain('$.current_state.frontendWorkflow[0]');
  });

  it('migrates the generated 100-step workflow', () => {
    const { document } = migrated('large-100-steps.json');
    expect(document.steps).toHaveLength(100);
    expect(document.links).toHaveLength(99);
    expect(document.links.filter((l) => l.groups.length === 2)).toHaveLength(9);
  });

  it('converts the legacy hourly schedule so the migrated workflow can stay ON (editor-core 2.9, 4.2)', () => {
    const { document, warnings } = migrated('large-100-steps.json');
    const trigger = document.steps[0].data;
    expect(trigger.action).toBe('schedule');
    expect(trigger.fields.map((f) => [f.name, f.value])).toEqual([
      ['frequency', 'cron'],
      ['cron', '15 * * * *'],
      ['timezone', 'UTC'],
    ]);
    expect(activationProblems(document, null)).toEqual([]);
    expect(document.active).toBe(true);
    expect(warnings.filter((w) => w.path === '$.active')).toEqual([]);
  });

  it('stores OFF a legacy workflow stored ON that fails the activation rule, saying why', () => {
    const legacy = load('large-100-steps.json') as {
      current_state: { frontendWorkflow: { data: Record<string, unknown> }[] };
    };
    legacy.current_state.frontendWorkflow[0].data.action = 'everyFullMoon';
    const result = migrated_(legacy);
    expect(result.document.active).toBe(false);
    expect(result.warnings).toContainEqual({
      path: '$.current_state.frontendWorkflow[0].data.action',
      message: 'schedule event "everyFullMoon" has no equivalent; choose the schedule again',
    });
    expect(result.warnings.find((w) => w.path === '$.active')?.message).toMatch(
      /^stored OFF: .*Frequency must be minutes, hours, days or cron\.$/,
    );
  });

  it('rebuilds steps from execution nodes when there are no canvas elements', () => {
    const { document, warnings } = migrated('execution-nodes-only.json');
    expect(document.steps.map((s) => [s.id, s.kind])).toEqual([
      ['n1', 'trigger'],
      ['n2', 'action'],
      ['n3', 'action'],
    ]);
    expect(document.steps[1].data).toMatchObject({
      action: 'createContact',
      credential: 'cred_7f3a91',
      testData: { id: 'c_5' },
    });
    expect(document.steps[2].data.delay).toBe(60);
    expect(document.links.map((l) => [l.source, l.target, l.groups.length])).toEqual([
      ['n1', 'n2', 0],
      ['n2', 'n3', 1],
    ]);
    expect(warnings[0].message).toBe('no canvas elements; steps rebuilt from the execution nodes');
  });

  it('reads onboarding elements, the "empty" label and outputFields (onboarding 3)', () => {
    const { document } = migrated('onboarding-elements.json');
    expect(document.name).toBe('Untitled Workflow (Draft)');
    expect(document.links[0].name).toBe('');
    expect(document.steps[0].data.pollingParams).toBeNull();
    expect(document.steps[1].data.testData).toEqual({ note: 'legacy output kept as test data' });
  });

  it('coerces messy values and warns about what it dropped', () => {
    const { document, warnings } = migrated('messy-types.json');
    expect(document.id).toBe('65a1f0c2e4b0a1b2c3d4e5f6');
    // Stored ON, but its action has no test data: it cannot stay ON (editor-core 4.2).
    expect(document.active).toBe(false);
    expect(document.steps.map((s) => [s.id, s.kind])).toEqual([
      ['1', 'trigger'],
      ['2', 'loopEnd'],
      ['3', 'action'],
    ]);
    expect(document.steps[0].position).toEqual({ x: 220, y: 40 });
    expect(document.steps[0].data.fields).toEqual([{ name: 'path', value: '/incoming', schema: { type: 'string' } }]);
    expect(document.steps[1].data.delay).toBe(15);
    expect(document.links).toEqual([
      {
        id: 'a',
        source: '1',
        target: '2',
        name: 'Filter: ${1.body.n}',
        groups: [[{ lhs: '${1.body.n}', conditionType: 'greaterThan', rhs: '2' }]],
        delaySeconds: 0,
      },
      { id: 'link-2-3', source: '2', target: '3', name: '', groups: [], delaySeconds: 30 },
    ]);
    expect(warnings.map((w) => w.message)).toEqual([
      'dropped field keys the current format does not have: label, placeholder, schema.format',
      'dropped node data keys the current format does not have: isDemo',
      'field without a name dropped',
      'unknown condition type "biggerThan"; condition dropped',
      'duplicate link id "a" renamed to "link-2-3"',
      'duplicate link from "2" to "3" dropped',
      'a link from a step to itself was dropped',
      expect.stringMatching(/^stored OFF: /),
    ]);
  });
});

describe('migrateDocument on other input', () => {
  it('passes a current document through, validated', () => {
    const current = migrated('tiny.json').document;
    expect(migrateDocument(current)).toEqual({ ok: true, document: current, fromVersion: 1, warnings: [] });
    const broken = { ...current, steps: 'nope' };
    expect(migrateDocument(broken)).toMatchObject({
      ok: false,
      fromVersion: 1,
      errors: [{ path: '$.steps', code: 'type' }],
    });
  });

  it('is idempotent: migrating the result again changes nothing', () => {
    const once = migrated('large-100-steps.json').document;
    const twice = migrateDocument(JSON.parse(JSON.stringify(once)));
    expect(twice.ok && twice.document).toEqual(once);
  });

  it('rejects what is not a workflow', () => {
    for (const value of [null, 'x', [], { name: 'no state' }]) {
      const result = migrateDocument(value);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.errors[0].path).toBe('$');
    }
    expect(isLegacyDocument({ current_state: {} })).toBe(true);
    expect(isLegacyDocument({ schemaVersion: 1, current_state: {} })).toBe(false);
  });

  it('does not throw on a legacy record whose getters throw', () => {
    const record = {
      current_state: {
        frontendWorkflow: [
          {
            id: '1',
            type: 'trigger',
            get data() {
              throw new Error('gone');
            },
          },
        ],
      },
    };
    expect(migrateDocument(record)).toEqual({
      ok: false,
      errors: [{ path: '$', code: 'unreadable', message: 'the document could not be read: gone' }],
    });
  });
});

describe('migrateDocument robustness', () => {
  it('never throws on arbitrary values inside a legacy record (property)', () => {
    const element = fc.record(
      {
        id: fc.oneof(fc.string(), fc.integer(), fc.constant(undefined)),
        type: fc.oneof(fc.constantFrom('trigger', 'action', 'filter', 'loopEnd', 'weird'), fc.anything()),
        source: fc.oneof(fc.constantFrom('1', '2', '3'), fc.anything()),
        target: fc.oneof(fc.constantFrom('1', '2', '3'), fc.anything()),
        position: fc.anything(),
        data: fc.oneof(
          fc.dictionary(
            fc.constantFrom('name', 'fields', 'triggerChoices', 'delay', 'testData', 'credential'),
            fc.anything(),
          ),
          fc.anything(),
        ),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.array(element, { maxLength: 8 }), fc.anything(), (elements, name) => {
        const result = migrateDocument({ name, active: false, current_state: { frontendWorkflow: elements } });
        if (result.ok) expect(result.document.schemaVersion).toBe(1);
        else expect(result.errors.length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });
});
