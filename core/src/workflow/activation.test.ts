import { describe, expect, it } from 'vitest';
import type { AppDefinition } from '../apps/types.js';
import { activationProblems, canActivate, planTriggerSetup, storableActivation, withActivation } from './activation.js';
import { compileWorkflow } from './compile.js';
import { TEST_HTTP_APP } from './test-apps.js';
import {
  createStepData,
  type Link,
  type Step,
  type StepData,
  WORKFLOW_SCHEMA_VERSION,
  type WorkflowDocument,
} from './types.js';

const hook = (patch: Partial<StepData> = {}): Step => ({
  id: 't',
  kind: 'trigger',
  position: { x: 0, y: 0 },
  data: createStepData({
    name: 'Catch Hook',
    type: 'webhook',
    app: 'webhook',
    action: 'catchHook',
    testData: { n: 1 },
    ...patch,
  }),
});
const request = (url: string, patch: Partial<StepData> = {}): Step => ({
  id: 'a',
  kind: 'action',
  position: { x: 0, y: 200 },
  data: createStepData({
    name: 'Call',
    type: 'http',
    action: 'customRequest',
    fields: [
      { name: 'requestType', required: true, value: 'GET' },
      { name: 'url', required: true, value: url },
    ],
    testData: { ok: true },
    ...patch,
  }),
});
const link = (patch: Partial<Link> = {}): Link => ({
  id: 'l',
  source: 't',
  target: 'a',
  name: '',
  groups: [],
  delaySeconds: 0,
  ...patch,
});
const doc = (steps: Step[], links: Link[] = [link()]): WorkflowDocument => ({
  schemaVersion: WORKFLOW_SCHEMA_VERSION,
  id: 'w',
  name: 'W',
  active: true,
  steps,
  links,
});
const codes = (d: WorkflowDocument, apps: Parameters<typeof activationProblems>[1] = null) =>
  activationProblems(d, apps).map((p) => p.code);

const httpApp = TEST_HTTP_APP;
const crm: AppDefinition = {
  appSlug: 'crm',
  appName: 'CRM',
  authInfo: {},
  actions: { list: { title: 'List', method: 'get', url: 'https://crm.test/contacts', fields: [] } },
  triggers: {
    newContact: {
      label: 'New contact',
      type: 'polling',
      action: 'list',
      pollingParams: { dedupe_key: 'id', data_head: 'contacts' },
    },
    noKey: { label: 'No key', type: 'polling', action: 'list' },
    hook: { label: 'Hook', type: 'webhook' },
  },
};
const lookup =
  (...apps: AppDefinition[]) =>
  (slug: string) =>
    apps.find((a) => a.appSlug === slug);

describe('activationProblems', () => {
  it('finds nothing on a tested, complete workflow', () => {
    expect(activationProblems(doc([hook(), request('https://example.com')]), lookup(httpApp, crm))).toEqual([]);
    expect(canActivate(doc([hook(), request('https://example.com')]))).toBe(true);
  });

  it('blocks a custom request whose URL was emptied (\'Missing field "url".\')', () => {
    const problems = activationProblems(doc([hook(), request('')]), null);
    expect(problems).toEqual([
      { code: 'missing-field', severity: 'error', stepId: 'a', field: 'url', text: 'Missing field "url".' },
    ]);
  });

  it('checks required fields against the definition too, once per field', () => {
    const stripped = request('');
    stripped.data.fields = [{ name: 'requestType', value: 'GET' }];
    expect(codes(doc([hook(), stripped]), null)).toEqual([]);
    expect(activationProblems(doc([hook(), stripped]), lookup(httpApp)).map((p) => p.text)).toEqual([
      'Missing field "url".',
    ]);
    expect(codes(doc([hook(), request('')]), lookup(httpApp))).toEqual(['missing-field']);
  });

  it('blocks a failed test and a missing test', () => {
    expect(codes(doc([hook(), request('https://x.test', { testData: { error: 'Boom' } })]))).toEqual([
      'test-data-error',
    ]);
    expect(codes(doc([hook({ testData: null }), request('https://x.test')]))).toEqual(['missing-test-data']);
  });

  it('blocks an unknown app or event only when definitions are at hand', () => {
    const unknown = doc([hook(), request('https://x.test', { type: 'nope', action: 'go' })]);
    expect(codes(unknown)).toEqual([]);
    expect(activationProblems(unknown, lookup(httpApp)).map((p) => p.text)).toEqual([
      `The app 'nope' of "Call" is not available.`,
    ]);
    const noEvent = doc([hook(), request('https://x.test', { action: 'gone' })]);
    expect(activationProblems(noEvent, lookup(httpApp)).map((p) => p.text)).toEqual([
      `HTTP request has no action 'gone' (step "Call").`,
    ]);
    const unknownTrigger = doc([hook({ type: 'nope', app: 'nope' }), request('https://x.test')]);
    expect(codes(unknownTrigger, lookup(httpApp))).toEqual(['unknown-app']);
  });

  it('blocks an invalid schedule, a legacy hourly event included', () => {
    const schedule = (fields: StepData['fields']) =>
      hook({ type: 'schedule', app: 'schedule', action: 'schedule', fields });
    const ok = doc([
      schedule([
        { name: 'frequency', value: 'hours' },
        { name: 'every', value: 1 },
      ]),
      request('https://x.test'),
    ]);
    expect(codes(ok)).toEqual([]);
    const legacy = doc([schedule([{ name: 'minute', value: '15' }]), request('https://x.test')]);
    expect(activationProblems(legacy, null)).toEqual([
      {
        code: 'invalid-schedule',
        severity: 'error',
        stepId: 't',
        text: 'The schedule of "Catch Hook" is not valid: Frequency must be minutes, hours, days or cron.',
      },
    ]);
  });

  it('blocks a filter row without a field, a value or a number', () => {
    const row = { lhs: '${t.n}', conditionType: 'greaterThan' as const, rhs: 'many' };
    const problems = activationProblems(
      doc([hook(), request('https://x.test')], [link({ name: 'Filter: n', groups: [[row]] })]),
      null,
    );
    expect(problems).toEqual([
      { code: 'invalid-filter', severity: 'error', linkId: 'l', text: 'Filter: n: Enter a number to compare with.' },
    ]);
    expect(codes(doc([hook(), request('https://x.test')], [link({ groups: [[{ ...row, rhs: '3' }]] })]))).toEqual([]);
  });

  it('blocks a workflow without a trigger and a trigger that cannot be set up', () => {
    expect(codes(doc([request('https://x.test')], []))).toEqual(['no-trigger']);
    const polling = (event: string) =>
      doc([hook({ type: 'crm', app: 'crm', action: event }), request('https://x.test')]);
    expect(codes(polling('newContact'), lookup(httpApp, crm))).toEqual([]);
    expect(activationProblems(polling('noKey'), lookup(httpApp, crm)).map((p) => p.text)).toEqual([
      "CRM's trigger 'No key' has no Unique ID Key (dedupe_key).",
    ]);
    expect(codes(polling('hook'), lookup(httpApp, crm))).toEqual(['trigger-setup']);
    expect(codes(polling('missing'), lookup(httpApp, crm))).toEqual(['unknown-event']);
  });
});

describe('planTriggerSetup', () => {
  it('plans endpoints, schedules and polls', () => {
    const trigger = (step: Step) => compileWorkflow(doc([step], [])).trigger!;
    expect(planTriggerSetup(trigger(hook()), null)).toEqual({ ok: true, plan: { kind: 'webhook' } });
    const crmTrigger = trigger(hook({ type: 'crm', action: 'newContact' }));
    expect(planTriggerSetup(crmTrigger, null)).toEqual({ ok: true, plan: null });
    expect(planTriggerSetup(crmTrigger, crm)).toEqual({
      ok: true,
      plan: { kind: 'polling', actionKey: 'list', dedupeKey: 'id', dataHead: 'contacts' },
    });
  });
});

describe('storableActivation and withActivation', () => {
  it('stores OFF a document asked ON that fails the rule', () => {
    const bad = doc([hook(), request('')]);
    const stored = storableActivation(bad, null);
    expect(stored.document.active).toBe(false);
    expect(stored.problems.map((p) => p.code)).toEqual(['missing-field']);
    const good = doc([hook(), request('https://x.test')]);
    expect(storableActivation(good, null)).toEqual({ document: good, problems: [] });
  });

  it('writes the flag and the trigger message', () => {
    const on = withActivation({ ...doc([hook(), request('https://x.test')]), active: false }, true, {
      stepId: 't',
      text: 'Listening',
    });
    expect(on.active).toBe(true);
    expect(on.steps[0].data.triggerMessage).toBe('Listening');
    expect(on.steps[1].data.triggerMessage).toBe('');
  });
});
