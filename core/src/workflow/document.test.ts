import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_LIMITS, validateDocument } from './document.js';
import { createStepData, type Link, type Step, type WorkflowDocument } from './types.js';
import { createNewWorkflow } from './template.js';

function step(id: string, kind: Step['kind'] = 'action', patch: Partial<Step['data']> = {}): Step {
  return { id, kind, position: { x: 220, y: 40 }, data: createStepData({ name: `Step ${id}`, ...patch }) };
}

function link(id: string, source: string, target: string, patch: Partial<Link> = {}): Link {
  return { id, source, target, name: '', groups: [], delaySeconds: 0, ...patch };
}

function doc(patch: Partial<WorkflowDocument> = {}): WorkflowDocument {
  return {
    schemaVersion: 1,
    id: 'wf1',
    name: 'Untitled Workflow',
    active: false,
    steps: [step('t', 'trigger', { type: 'webhook', action: 'catchHook' }), step('a', 'action', { type: 'demo-crm' })],
    links: [link('l1', 't', 'a')],
    ...patch,
  };
}

function errorsOf(input: unknown) {
  const result = validateDocument(input);
  if (result.ok) throw new Error('expected the document to be invalid');
  return result.errors;
}

describe('validateDocument', () => {
  it('accepts a well-formed document and returns an equal, separate copy', () => {
    const input = doc({
      links: [
        link('l1', 't', 'a', {
          name: 'Filter: x',
          groups: [[{ lhs: '${t.x}', conditionType: 'isTrue', rhs: '' }]],
          delaySeconds: 30,
        }),
      ],
    });
    input.steps[1].data.fields = [
      { name: 'email', in: 'formData', required: true, value: '${t.email}', schema: { type: 'string', enum: ['a'] } },
    ];
    input.steps[0].data.testData = { email: 'ada@example.com', nested: [1, { b: null }] };
    const result = validateDocument(input);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.document).toEqual(input);
    expect(result.document).not.toBe(input);
    expect(result.document.steps[0].data.testData).not.toBe(input.steps[0].data.testData);
  });

  it('reports a wrong field type with the JSON path of the field', () => {
    const input = doc();
    (input.steps[1].data.fields as unknown[]) = [{ name: 'email' }, { name: 42 }];
    expect(errorsOf(input)).toEqual([
      { path: '$.steps[1].data.fields[1].name', code: 'type', message: 'expected a string, got a number' },
    ]);
  });

  it('reports every missing StepData key and unknown keys at every level', () => {
    const input = doc() as unknown as {
      steps: { data: Record<string, unknown>; extra?: number }[];
      surprise?: boolean;
    };
    delete input.steps[0].data.webhookKey;
    input.steps[1].extra = 1;
    input.surprise = true;
    const paths = errorsOf(input).map((e) => `${e.code} ${e.path}`);
    expect(paths).toEqual([
      'unknown-key $.surprise',
      'required $.steps[0].data.webhookKey',
      'unknown-key $.steps[1].extra',
    ]);
  });

  it('quotes keys that are not identifiers in paths', () => {
    const input = { ...doc(), 'my key': 1 };
    expect(errorsOf(input)[0].path).toBe('$["my key"]');
  });

  it('rejects a missing or different schemaVersion', () => {
    const { schemaVersion: _omit, ...legacy } = doc();
    expect(errorsOf(legacy)[0]).toMatchObject({ path: '$.schemaVersion', code: 'required' });
    expect(errorsOf({ ...doc(), schemaVersion: 2 })[0]).toMatchObject({
      path: '$.schemaVersion',
      code: 'schema-version',
    });
  });

  it('rejects duplicate step and link ids', () => {
    const errors = errorsOf(
      doc({ steps: [step('t', 'trigger'), step('a'), step('a')], links: [link('l1', 't', 'a'), link('l1', 'a', 't')] }),
    );
    expect(errors.map((e) => [e.code, e.path])).toEqual([
      ['duplicate-id', '$.steps[2].id'],
      ['duplicate-id', '$.links[1].id'],
    ]);
  });

  it('rejects links to missing steps, self-links and duplicate links (editor-core 4.4)', () => {
    const errors = errorsOf(
      doc({ links: [link('l1', 't', 'a'), link('l2', 't', 'ghost'), link('l3', 'a', 'a'), link('l4', 't', 'a')] }),
    );
    expect(errors.map((e) => [e.code, e.path])).toEqual([
      ['missing-step', '$.links[1].target'],
      ['self-link', '$.links[2].target'],
      ['duplicate-link', '$.links[3]'],
    ]);
    expect(errors[0].message).toBe('link target "ghost" is not the id of a step');
  });

  it('allows at most one trigger step', () => {
    const errors = errorsOf(doc({ steps: [step('t', 'trigger'), step('u', 'trigger'), step('a')] }));
    expect(errors).toEqual([
      {
        path: '$.steps[1].kind',
        code: 'multiple-triggers',
        message: 'a workflow has at most one trigger step (the first is $.steps[0])',
      },
    ]);
  });

  it('checks condition types against the ten editor-core 3 values', () => {
    const bad = link('l1', 't', 'a', { groups: [[{ lhs: 'x', conditionType: 'biggerThan' as never, rhs: '1' }]] });
    expect(errorsOf(doc({ links: [bad] }))[0].path).toBe('$.links[0].groups[0][0].conditionType');
  });

  it('enforces the documented limits', () => {
    const long = 'x'.repeat(DOCUMENT_LIMITS.maxNameLength + 1);
    expect(errorsOf(doc({ name: long }))[0]).toMatchObject({ path: '$.name', code: 'limit' });
    const tooMany = Array.from({ length: DOCUMENT_LIMITS.maxSteps + 1 }, (_, i) => step(`s${i}`));
    expect(errorsOf(doc({ steps: tooMany, links: [] }))).toEqual([
      {
        path: '$.steps',
        code: 'limit',
        message: `has ${DOCUMENT_LIMITS.maxSteps + 1} items; at most ${DOCUMENT_LIMITS.maxSteps} are allowed`,
      },
    ]);
    const choices = doc();
    choices.steps[0].data.triggerChoices = [1, 2, 3, 4, 5, 6];
    expect(errorsOf(choices)[0]).toMatchObject({ path: '$.steps[0].data.triggerChoices', code: 'limit' });
    expect(errorsOf(doc({ links: [link('l1', 't', 'a', { delaySeconds: -1 })] }))[0].path).toBe(
      '$.links[0].delaySeconds',
    );
    // The delay rule (./delay.ts): whole seconds.
    expect(errorsOf(doc({ links: [link('l1', 't', 'a', { delaySeconds: 1.5 })] }))[0]).toMatchObject({
      path: '$.links[0].delaySeconds',
      code: 'type',
    });
  });

  it('accepts 5,000 steps but not a huge array, without walking it', () => {
    const steps = Array.from({ length: DOCUMENT_LIMITS.maxSteps }, (_, i) => step(`s${i}`));
    expect(validateDocument(doc({ steps, links: [] })).ok).toBe(true);
    // An array that counts reads of its items: the limit is checked on its length alone.
    let itemReads = 0;
    const huge = new Proxy(new Array(10_000_000), {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) itemReads += 1;
        return Reflect.get(target, key, receiver);
      },
    });
    expect(errorsOf(doc({ links: huge }))[0]).toMatchObject({ path: '$.links', code: 'limit' });
    expect(itemReads).toBe(0);
  });

  it('rejects cycles, functions, NaN and class instances in free-form data', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    const input = doc();
    input.steps[0].data.testData = cyclic;
    input.steps[1].data.testData = { when: new Date(0), f: () => 1, n: Number.NaN };
    const errors = errorsOf(input);
    expect(errors.map((e) => [e.code, e.path])).toEqual([
      ['not-json', '$.steps[0].data.testData.self'],
      ['not-json', '$.steps[1].data.testData.when'],
      ['not-json', '$.steps[1].data.testData.f'],
      ['not-json', '$.steps[1].data.testData.n'],
    ]);
  });

  it('stops after maxErrors errors', () => {
    const steps = Array.from({ length: 500 }, (_, i) => ({ id: `s${i}` }));
    const errors = errorsOf(doc({ steps: steps as never, links: [] }));
    expect(errors).toHaveLength(DOCUMENT_LIMITS.maxErrors + 1);
    expect(errors.at(-1)).toMatchObject({ code: 'too-many-errors' });
  });

  it('does not throw on getters and proxies that throw', () => {
    const trap = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('boom');
        },
      },
    );
    expect(errorsOf(trap)).toEqual([
      { path: '$', code: 'unreadable', message: 'the document could not be read: boom' },
    ]);
    const input = doc();
    Object.defineProperty(input, 'name', {
      get: () => {
        throw new TypeError('no name');
      },
      enumerable: true,
    });
    expect(errorsOf(input)[0].message).toContain('no name');
  });

  it('rejects non-objects at the root', () => {
    for (const value of [null, undefined, 3, 'text', [], new Map()])
      expect(errorsOf(value)[0]).toMatchObject({ path: '$', code: 'type' });
  });

  it('never throws on arbitrary input (property)', () => {
    fc.assert(
      fc.property(
        fc.anything({
          withBigInt: true,
          withDate: true,
          withMap: true,
          withSet: true,
          withTypedArray: true,
          withSparseArray: true,
          withNullPrototype: true,
        }),
        (value) => {
          const result = validateDocument(value);
          expect(typeof result.ok).toBe('boolean');
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never throws on documents with one corrupted value (property)', () => {
    const base = JSON.stringify(doc());
    fc.assert(
      fc.property(fc.nat(), fc.anything(), (pick, value) => {
        const input = JSON.parse(base) as Record<string, unknown>;
        // Replace one value somewhere in the tree.
        const holders: [Record<string, unknown>, string][] = [];
        const walk = (o: unknown) => {
          if (o && typeof o === 'object')
            for (const k of Object.keys(o)) {
              holders.push([o as Record<string, unknown>, k]);
              walk((o as Record<string, unknown>)[k]);
            }
        };
        walk(input);
        const [holder, key] = holders[pick % holders.length];
        holder[key] = value;
        const result = validateDocument(input);
        if (!result.ok) for (const e of result.errors) expect(e.path.startsWith('$')).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('validateDocument refuses filter rows the filter panel refuses (editor-core 2.10)', () => {
  const withRow = (row: Record<string, unknown>) => {
    const doc = createNewWorkflow({
      newId: (() => {
        let n = 0;
        return () => `id-${++n}`;
      })(),
      now: () => 0,
    });
    return { ...doc, links: [{ ...doc.links[0], name: 'Filter: x', groups: [[row]] }] };
  };

  it('answers the panel message at the row', () => {
    const empty = validateDocument(withRow({ lhs: '', conditionType: 'stringEqual', rhs: 'a' }));
    expect(empty.ok).toBe(false);
    if (!empty.ok)
      expect(empty.errors).toContainEqual(
        expect.objectContaining({
          path: '$.links[0].groups[0][0]',
          code: 'invalid-filter',
          message: 'Choose the field to check.',
        }),
      );
    const notNumber = validateDocument(withRow({ lhs: '${t.n}', conditionType: 'greaterThan', rhs: 'many' }));
    expect(notNumber.ok).toBe(false);
    if (!notNumber.ok) expect(notNumber.errors.map((e) => e.message)).toContain('Enter a number to compare with.');
    expect(validateDocument(withRow({ lhs: '${t.n}', conditionType: 'greaterThan', rhs: '3' })).ok).toBe(true);
    expect(validateDocument(withRow({ lhs: '${t.n}', conditionType: 'valueExists', rhs: '' })).ok).toBe(true);
  });
});
