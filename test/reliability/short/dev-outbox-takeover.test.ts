/**
 * Account takeover on the default start (hostile pass): with no NODE_ENV, no SMTP_URL and
 * every interface listening, a client on the network asks a sign-in link for a victim and
 * reads it from /api/dev/outbox. The outbox must not exist on that start, and the server's log
 * names only a redacted address (the link is written there only with MAIL_LOG=on, which warns);
 * turned on with JUNCTION_DEV_OUTBOX=on it warns loudly and answers loopback clients only.
 */
import os from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { call, signUp } from '../support/client.js';
import { type Child, freePort, removeDir, sleep, startJunction, stopAll, tempDir } from '../support/processes.js';
import { report } from '../support/report.js';

/** This machine's first non-loopback IPv4 address: how a neighbour on the network reaches it. */
function networkAddress(): string | undefined {
  for (const list of Object.values(os.networkInterfaces())) {
    for (const entry of list ?? []) if (entry.family === 'IPv4' && !entry.internal) return entry.address;
  }
  return undefined;
}

const dirs: string[] = [];
afterAll(async () => {
  await stopAll();
  for (const dir of dirs) removeDir(dir);
});

/** `npm start` as a newcomer runs it: no NODE_ENV, no SMTP_URL, every interface. */
async function defaultStart(env: Record<string, string> = {}): Promise<{ child: Child; port: number }> {
  const port = await freePort();
  const dataDir = tempDir('outbox');
  dirs.push(dataDir);
  const child = await startJunction({
    port,
    dataDir,
    env: { NODE_ENV: undefined, HOST: '0.0.0.0', LOG_LEVEL: 'info', PUBLIC_URL: undefined, ...env },
  });
  return { child, port };
}

describe('the development outbox on a default start', () => {
  const network = networkAddress();

  it('does not exist: a sign-in link asked for a victim is not readable, nor in the server log', async () => {
    const { child, port } = await defaultStart();
    const local = `http://127.0.0.1:${port}`;
    const victim = await signUp(local, 'victim');
    // The attacker comes from the network when this machine has an address there.
    const attacker = network ? `http://${network}:${port}` : local;
    const asked = await call(attacker, 'POST', '/api/auth/sign-in-link', { body: { email: victim.email } });
    expect(asked.status).toBe(202);
    const rows = [];
    for (const [who, base] of [
      ['network client', attacker],
      ['loopback client', local],
    ] as const) {
      const res = await call(base, 'GET', '/api/dev/outbox');
      rows.push({ client: who, status: res.status, 'carries a sign-in link': res.text.includes('?c=') });
      expect(res.status, who).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.text).not.toContain(victim.email);
    }
    // The log says a mail could not be delivered, to a redacted address, and carries no link.
    expect(child.output()).not.toMatch(/\?c=[A-Za-z0-9_-]+/);
    expect(child.output()).not.toContain(victim.email);
    expect(child.output()).toContain('could not be delivered: SMTP_URL is not set');
    report('Dev outbox on a default start', rows);
  });

  it('MAIL_LOG=on: warns at start and writes the sign-in link to the server log', async () => {
    const { child, port } = await defaultStart({ MAIL_LOG: 'on' });
    expect(child.output()).toContain('WARNING: MAIL_LOG=on');
    const local = `http://127.0.0.1:${port}`;
    const victim = await signUp(local, 'victim');
    expect((await call(local, 'POST', '/api/auth/sign-in-link', { body: { email: victim.email } })).status).toBe(202);
    for (let i = 0; i < 50 && !/\?c=[A-Za-z0-9_-]+/.test(child.output()); i += 1) await sleep(100);
    expect(child.output()).toMatch(/\?c=[A-Za-z0-9_-]+/);
  });

  it('turned on: warns loudly at start and answers this machine only', async () => {
    const { child, port } = await defaultStart({ JUNCTION_DEV_OUTBOX: 'on' });
    expect(child.output()).toContain('WARNING: JUNCTION_DEV_OUTBOX=on');
    const local = `http://127.0.0.1:${port}`;
    const victim = await signUp(local, 'victim');
    const asks: { client: string; base: string; headers?: Record<string, string>; expected: number }[] = [
      { client: 'loopback', base: local, expected: 200 },
      { client: 'via a local proxy', base: local, headers: { 'x-forwarded-for': '192.0.2.99' }, expected: 403 },
    ];
    if (network) asks.push({ client: 'network', base: `http://${network}:${port}`, expected: 403 });
    const rows = [];
    for (const ask of asks) {
      const res = await call(ask.base, 'GET', '/api/dev/outbox', { headers: ask.headers });
      rows.push({ client: ask.client, status: res.status, 'carries the code mail': res.text.includes(victim.email) });
      expect(res.status, ask.client).toBe(ask.expected);
      expect(res.text.includes(victim.email), ask.client).toBe(ask.expected === 200);
    }
    report('Dev outbox turned on', rows);
  });
});
