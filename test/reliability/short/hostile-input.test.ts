/**
 * Hostile input corpus, part 1: malformed and huge workflow documents (10,000
 * steps, cycles, unknown types, wrong shapes), 50 MB bodies (declared and chunked: refused
 * while streaming), 100,000-deep bodies, prototype-pollution keys in bodies, step data and
 * `${…}` paths, and upload names that try to leave the uploads folder. Every answer is a
 * 2xx or a 4xx Problem (never a 500, never a hang); the server keeps serving afterwards.
 * The server runs in this process (so a polluted Object.prototype would be seen here) and
 * listens on 127.0.0.1 for the streaming cases.
 */
import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createStepData, type WorkflowDocument } from '@junction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, type ApiHarness, openHarness, openTestDatabases, signUp } from '../../api/harness.js';
import { effectWorkflow, STEPS } from '../support/client.js';
import { FINISHED } from '../support/invariant.js';
import { sleep } from '../support/processes.js';
import { report } from '../support/report.js';
import { type FaultTarget, startFaultTarget } from '../support/target.js';
import { hookPathOf } from '../support/hooks.js';

const sqlite = openTestDatabases().filter((db) => db.dialect === 'sqlite');
const BODY_LIMIT = 5 * 1024 * 1024;

/** One tried input and its answer, for the printed table. */
const tried: { input: string; status: number | string; ms: number }[] = [];

function documentWith(steps: number): WorkflowDocument {
  const doc = effectWorkflow('https://example.com/', 'Huge');
  const base = doc.steps[1];
  doc.steps = [doc.steps[0]];
  doc.links = [];
  for (let i = 0; i < steps; i++) {
    doc.steps.push({ ...base, id: `st-${i}`, data: { ...base.data, name: `Step ${i}` } });
    doc.links.push({
      id: `ln-${i}`,
      source: i === 0 ? STEPS.trigger : `st-${i - 1}`,
      target: `st-${i}`,
      name: '',
      groups: [],
      delaySeconds: 0,
    });
  }
  return doc;
}

/** Streams `total` bytes to `path` (chunked unless `declare`), stopping at the first answer. */
function stream(
  port: number,
  urlPath: string,
  total: number,
  declare: boolean,
): Promise<{ status: number; sentBytes: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (declare) headers['content-length'] = String(total);
    const req = http.request({ host: '127.0.0.1', port, path: urlPath, method: 'POST', headers, agent: false });
    let sent = 0;
    let answered = false;
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    chunk[0] = 0x5b; // '[' — a JSON document that never ends.
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`no answer after ${sent} bytes`));
    }, 60_000);
    req.on('response', (res) => {
      answered = true;
      res.resume();
      clearTimeout(timer);
      resolve({ status: res.statusCode ?? 0, sentBytes: sent, ms: performance.now() - started });
      req.destroy();
    });
    req.on('error', (error) => {
      if (!answered) {
        // The server may close the socket right after answering; wait a moment for the answer.
        setTimeout(() => {
          if (!answered) {
            clearTimeout(timer);
            reject(error);
          }
        }, 500);
      }
    });
    const pump = () => {
      while (!answered && sent < total) {
        const piece = sent === 0 ? chunk : chunk.subarray(1).fill(0x20);
        sent += piece.length;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

describe.each(sqlite)('hostile input on $dialect', { timeout: 120_000 }, (testDb) => {
  let h: ApiHarness;
  let port: number;
  let user: Account;
  let target: FaultTarget;

  const timed = async <T extends { status: number }>(input: string, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const res = await run();
    tried.push({ input, status: res.status, ms: performance.now() - started });
    return res;
  };

  beforeAll(async () => {
    target = await startFaultTarget();
    h = await openHarness(testDb, {
      bodyLimit: BODY_LIMIT,
      allowedHosts: target.host,
      logLevel: 'warn',
      rateLimits: false,
    });
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    const address = h.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
    user = await signUp(h, 'hostile');
  });
  afterAll(async () => {
    report(
      'hostile input: answers',
      tried.map((t) => ({ input: t.input, status: t.status, ms: Math.round(t.ms) })),
    );
    await h?.close();
    await target?.close();
  });

  it('answers malformed and huge documents with 4xx Problems or a stored workflow, never a 500', async () => {
    const huge = documentWith(10_000);
    const cycle = documentWith(3);
    cycle.links.push({ id: 'ln-back', source: 'st-2', target: 'st-0', name: '', groups: [], delaySeconds: 0 });
    const unknown = documentWith(1);
    unknown.steps[1].data = { ...unknown.steps[1].data, type: 'no-such-app', app: 'no-such-app' };
    const shapes: [string, unknown][] = [
      ['10,000 steps', huge],
      ['a cycle', cycle],
      ['an unknown step type', unknown],
      ['steps is a string', { ...cycle, steps: 'nope' }],
      ['links to a missing step', { ...cycle, links: [{ ...cycle.links[0], target: 'ghost' }] }],
      ['a step without data', { ...cycle, steps: [{ id: 'x', kind: 'action', position: { x: 0, y: 0 } }] }],
      ['schemaVersion 999', { ...cycle, schemaVersion: 999 }],
      ['a null document', null],
      [
        'a 100 kB step name',
        { ...cycle, steps: [{ ...cycle.steps[0], data: { ...cycle.steps[0].data, name: 'n'.repeat(100_000) } }] },
      ],
    ];
    for (const [name, document] of shapes) {
      const res = await timed(`document: ${name}`, () =>
        h.call('POST', '/api/workflows', { token: user.token, body: { name: 'Hostile', document } }),
      );
      expect([name, res.status < 500]).toEqual([name, true]);
      if (res.status >= 400) expect([name, res.json?.status]).toEqual([name, res.status]);
      if (res.status === 201) {
        // Stored: switching it ON refuses what cannot run, naming why (never a 500).
        const on = await timed(`activate: ${name}`, () =>
          h.call('PUT', `/api/workflows/${res.json.id}/active`, { token: user.token, body: { active: true } }),
        );
        expect([name, on.status < 500]).toEqual([name, true]);
        const run = await timed(`manual run: ${name}`, () =>
          h.call('POST', `/api/workflows/${res.json.id}/runs`, { token: user.token, body: {} }),
        );
        expect([name, run.status < 500]).toEqual([name, true]);
      }
    }
    expect((await h.call('GET', '/api/health')).status).toBe(200);
  });

  it('never stores ON a workflow posted with active: true that fails the activation rule', async () => {
    // editor-core 4.2: one rule (core's activationProblems) for the switch and for a create.
    const activeOf = async (id: string) => {
      const list = await h.call('GET', '/api/workflows', { token: user.token });
      const listed = (list.json.items as { id: string; active: boolean }[]).find((w) => w.id === id);
      const status = await h.call('GET', `/api/workflows/${id}/active`, { token: user.token });
      return { listed: listed?.active, status: status.json.active as boolean };
    };
    const before = (await h.call('GET', '/api/workflows', { token: user.token })).json.items.length as number;
    const unknownApp = effectWorkflow(target.url('/effect'), 'Unknown app ON');
    unknownApp.steps[1].data = { ...unknownApp.steps[1].data, type: 'no-such-app', action: 'go' };
    const noUrl = effectWorkflow('', 'Empty URL ON');
    const untested = effectWorkflow(target.url('/effect'), 'Untested ON');
    untested.steps[1].data = { ...untested.steps[1].data, testData: null };
    const failed = effectWorkflow(target.url('/effect'), 'Failed test ON');
    failed.steps[1].data = { ...failed.steps[1].data, testData: { error: 'Request failed with status 500' } };
    const cases: [string, WorkflowDocument, RegExp][] = [
      ['an unknown app', unknownApp, /The app 'no-such-app' of "Call target" is not available\./],
      ['an empty required URL', noUrl, /Missing field "url"\./],
      ['an untested step', untested, /Missing test data\./],
      ['a failed step test', failed, /Test data error\./],
    ];
    for (const [name, document, reason] of cases) {
      for (const body of [
        { name, active: true, document },
        { name, document: { ...document, active: true } },
      ]) {
        const res = await timed(`create ON: ${name}`, () =>
          h.call('POST', '/api/workflows', { token: user.token, body }),
        );
        expect([name, res.status]).toEqual([name, 422]);
        expect(res.json.detail).toMatch(reason);
      }
    }
    // Nothing was stored, so nothing can run or disagree.
    expect((await h.call('GET', '/api/workflows', { token: user.token })).json.items).toHaveLength(before);
    const hook = await h.call('POST', '/api/workflows', {
      token: user.token,
      body: { name: 'Runnable ON', active: true, document: effectWorkflow(target.url('/effect')) },
    });
    expect(hook.status, hook.text).toBe(201);
    expect(hook.json.active).toBe(true);
    expect(await activeOf(hook.json.id)).toEqual({ listed: true, status: true });
    const off = await h.call('POST', '/api/workflows', {
      token: user.token,
      body: { name: 'Stored OFF', document: { ...unknownApp, active: false } },
    });
    expect(off.status, off.text).toBe(201);
    expect(await activeOf(off.json.id)).toEqual({ listed: false, status: false });
  });

  it('refuses 50 MB bodies while they stream (declared and chunked), and 100,000-deep bodies', async () => {
    const hook = await h.call('POST', '/api/workflows', {
      token: user.token,
      body: { name: 'Hook', active: true, document: effectWorkflow(target.url('/effect')) },
    });
    const rssBefore = process.memoryUsage().rss;
    for (const [where, urlPath] of [
      ['webhook', await hookPathOf(h, user.token, hook.json.id)],
      ['API', '/api/workflows'],
    ]) {
      for (const declare of [true, false]) {
        const input = `50 MB ${declare ? 'declared' : 'chunked'} body to the ${where}`;
        const res = await stream(port, urlPath, 50 * 1024 * 1024, declare);
        tried.push({
          input: `${input} (answered after ${(res.sentBytes / 1024 / 1024).toFixed(1)} MB)`,
          status: res.status,
          ms: res.ms,
        });
        expect([input, res.status]).toEqual([input, 413]);
        // Refused while streaming: long before the 50 MB were sent.
        expect(res.sentBytes).toBeLessThan(BODY_LIMIT * 3);
      }
    }
    const rssGrowthMb = (process.memoryUsage().rss - rssBefore) / 1024 / 1024;
    tried.push({ input: `RSS growth over the four 50 MB bodies: ${rssGrowthMb.toFixed(1)} MB`, status: '', ms: 0 });

    const deepArray = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const deepObject = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
    for (const [name, raw] of [
      ['100,000-deep array', deepArray],
      ['100,000-deep object', deepObject],
    ]) {
      for (const urlPath of [await hookPathOf(h, user.token, hook.json.id), '/api/workflows']) {
        const res = await timed(`${name} to ${urlPath.startsWith('/hooks') ? 'the webhook' : 'the API'}`, () =>
          h.call('POST', urlPath, { token: user.token, raw, headers: { 'content-type': 'application/json' } }),
        );
        expect([name, res.status, res.json?.field]).toEqual([name, 400, 'body']);
      }
    }
    expect((await h.call('GET', '/api/health')).status).toBe(200);
  });

  it('never lets prototype-pollution keys reach Object.prototype, in bodies, step data or ${…} paths', async () => {
    const bodies = [
      '{"__proto__":{"polluted":"yes"}}',
      '{"constructor":{"prototype":{"polluted":"yes"}}}',
      '{"a":{"__proto__":{"polluted":"yes"}}}',
      '[{"__proto__":{"polluted":"yes"}}]',
    ];
    const wf = await h.call('POST', '/api/workflows', {
      token: user.token,
      body: { name: 'Pollution', active: true, document: effectWorkflow(target.url('/effect')) },
    });
    for (const raw of bodies) {
      for (const urlPath of [await hookPathOf(h, user.token, wf.json.id), '/api/workflows', '/api/credentials']) {
        const res = await timed(`pollution body ${raw.slice(0, 30)}… to ${urlPath.split('/')[1]}`, () =>
          h.call('POST', urlPath, { token: user.token, raw, headers: { 'content-type': 'application/json' } }),
        );
        expect(res.status).toBeLessThan(500);
      }
    }
    // Step data whose values and references name the prototype chain.
    const doc = effectWorkflow(target.url('/echo-headers'));
    const references = [
      `\${${STEPS.trigger}.__proto__}`,
      `\${${STEPS.trigger}.__proto__.polluted}`,
      `\${${STEPS.trigger}.constructor}`,
      `\${${STEPS.trigger}.constructor.prototype}`,
      `\${${STEPS.trigger}.constructor.name}`,
      `\${${STEPS.trigger}.toString}`,
      `\${${STEPS.trigger}.hasOwnProperty}`,
      `\${__proto__.polluted}`,
      `\${constructor.prototype}`,
    ];
    doc.steps[1].data = createStepData({
      ...doc.steps[1].data,
      fields: [
        { name: 'requestType', value: 'GET' },
        { name: 'url', value: target.url('/echo-headers') },
        { name: 'params', value: references.map((value, i) => ({ key: `p${i}`, value })) },
      ],
    });
    const created = await h.call('POST', '/api/workflows', {
      token: user.token,
      body: { name: 'Pollution paths', active: true, document: doc },
    });
    expect(created.status, created.text).toBe(201);
    const hook = await h.call('POST', await hookPathOf(h, user.token, created.json.id), {
      body: { seq: 1, inner: { a: 1 } },
    });
    expect(hook.status).toBe(200);
    let execution: { status: string; steps: { input: { values: { params: { value: unknown }[] } } }[] } | undefined;
    for (let i = 0; i < 200; i++) {
      execution = (await h.call('GET', `/api/executions/${hook.json.executionId}`, { token: user.token })).json;
      if (execution && FINISHED.has(execution.status)) break;
      await sleep(50);
    }
    const resolved = execution?.steps[0]?.input.values.params.map((p) => p.value) ?? [];
    tried.push({
      input: `\${…} prototype paths resolved to ${JSON.stringify(resolved)}`,
      status: execution?.status ?? '',
      ms: 0,
    });
    for (const value of resolved) {
      expect(String(value)).not.toMatch(/function|\[object|native code|^Object$/);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.hasOwn(Object.prototype, 'polluted')).toBe(false);
  });

  it('stores uploads under generated ids whatever their name says', async () => {
    const form = await h.call('POST', '/api/forms', {
      token: user.token,
      body: { name: 'Uploads', content: [{}, [{ question: 'F', type: 'file' }]] },
    });
    expect(form.status, form.text).toBe(201);
    const uploadsDir = path.join(h.config.dataDir, 'uploads');
    const names = [
      '../../../../tmp/junction-escape.pdf',
      '..\\..\\..\\windows\\win.ini.pdf',
      '/etc/passwd.pdf',
      'a/../../b.pdf',
      '%2e%2e%2f%2e%2e%2fx.pdf',
      'nul\u0000byte.pdf',
      'CON.pdf',
      '.htaccess',
      'cv.pdf\r\nX-Injected: 1',
      `${'a'.repeat(250)}.pdf`,
    ];
    for (const name of names) {
      const res = await timed(`upload named ${JSON.stringify(name).slice(0, 40)}`, () =>
        h.call('POST', `/api/public/forms/${form.json.id}/uploads?filename=${encodeURIComponent(name)}&question=F`, {
          raw: Buffer.from('%PDF-1.4 hostile'),
          headers: { 'content-type': 'application/pdf' },
        }),
      );
      expect([name, res.status < 500]).toEqual([name, true]);
      if (res.status === 201) {
        const fileId = String(res.json.url).split('/').pop() as string;
        expect(fileId).toMatch(/^[A-Za-z0-9_-]+$/);
        const download = await h.call('GET', `/api/public/files/${fileId}`);
        expect(download.status).toBe(200);
        const disposition = String(download.headers['content-disposition'] ?? '');
        expect(disposition).not.toMatch(/[\r\n]|\.\.[/\\]|["]\/|\\\\/);
      }
    }
    expect(existsSync('/tmp/junction-escape.pdf')).toBe(false);
    // Everything stored sits inside the uploads folder, under generated names only.
    const stored = existsSync(uploadsDir) ? readdirSync(uploadsDir, { recursive: true }).map(String) : [];
    for (const file of stored) expect(file).not.toMatch(/\.\.|passwd|win\.ini|htaccess|escape/);
  });
});
