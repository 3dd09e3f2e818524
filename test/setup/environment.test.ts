/**
 * How `npm test` decides what it can run on this machine: a browser found, installed or
 * named in one line; PostgreSQL and Redis used when they answer, else a reason to skip.
 */
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type BrowserProbe, findChromium, findPostgres, findRedis, SYSTEM_CHROMIUM } from './environment.js';

function probe(files: string[], options: { canInstall?: boolean; installs?: string | undefined } = {}) {
  const present = new Set(files);
  const calls: string[] = [];
  const p: BrowserProbe = {
    exists: (file) => present.has(file),
    canInstall: () => options.canInstall ?? false,
    install() {
      calls.push('install');
      if (options.installs === undefined) present.add(SYSTEM_CHROMIUM);
      return options.installs;
    },
  };
  return { probe: p, calls };
}

describe('findChromium', () => {
  it('uses CHROMIUM_PATH when it exists, and names it when it does not', () => {
    expect(findChromium({ CHROMIUM_PATH: '/opt/chrome' }, probe(['/opt/chrome']).probe)).toEqual({
      ok: true,
      value: '/opt/chrome',
    });
    const missing = probe([SYSTEM_CHROMIUM], { canInstall: true });
    expect(findChromium({ CHROMIUM_PATH: '/nonexistent' }, missing.probe)).toEqual({
      ok: false,
      reason: 'CHROMIUM_PATH=/nonexistent does not exist; point it at a Chromium binary or unset it',
    });
    expect(missing.calls).toEqual([]);
  });

  it("falls back to Debian's /usr/bin/chromium", () => {
    expect(findChromium({}, probe([SYSTEM_CHROMIUM]).probe)).toEqual({ ok: true, value: SYSTEM_CHROMIUM });
  });

  it('installs Debian chromium when it may, and says so', () => {
    const p = probe([], { canInstall: true });
    expect(findChromium({}, p.probe)).toEqual({
      ok: true,
      value: SYSTEM_CHROMIUM,
      note: "installed Debian's chromium for the browser tests",
    });
    expect(p.calls).toEqual(['install']);
  });

  it('says in one line what to install when it cannot install', () => {
    const howTo =
      "install Debian's Chromium (`sudo apt-get install chromium`) or set CHROMIUM_PATH to a Chromium binary";
    expect(findChromium({}, probe([]).probe)).toEqual({ ok: false, reason: `no Chromium found: ${howTo}` });
    const off = probe([], { canInstall: true });
    expect(findChromium({ JUNCTION_TEST_INSTALL: 'off' }, off.probe)).toEqual({
      ok: false,
      reason: `no Chromium found: ${howTo}`,
    });
    expect(off.calls).toEqual([]);
    expect(
      findChromium({}, probe([], { canInstall: true, installs: 'E: Unable to locate package chromium' }).probe),
    ).toEqual({
      ok: false,
      reason: `no Chromium found and apt-get could not install it (E: Unable to locate package chromium): ${howTo}`,
    });
  });
});

describe('findRedis and findPostgres', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  async function listen(onData: (socket: import('node:net').Socket) => void): Promise<number> {
    server = createServer((socket) => socket.on('data', () => onData(socket)));
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    return typeof address === 'object' && address ? address.port : 0;
  }

  async function closedPort(): Promise<number> {
    const port = await listen(() => undefined);
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    server = undefined;
    return port;
  }

  it('takes TEST_REDIS_URL and TEST_DATABASE_URL as given', async () => {
    expect(await findRedis({ TEST_REDIS_URL: 'redis://cache:6380' })).toEqual({
      ok: true,
      value: 'redis://cache:6380',
    });
    expect(await findPostgres({ TEST_DATABASE_URL: 'postgres://db/x' })).toEqual({
      ok: true,
      value: 'postgres://db/x',
    });
  });

  it('uses a local Redis that answers PING', async () => {
    const port = await listen((socket) => socket.write('+PONG\r\n'));
    expect(await findRedis({}, `redis://127.0.0.1:${port}`)).toEqual({ ok: true, value: `redis://127.0.0.1:${port}` });
  });

  it('gives the reason when nothing answers', async () => {
    const port = await closedPort();
    expect(await findRedis({}, `redis://127.0.0.1:${port}`)).toEqual({
      ok: false,
      reason: `Redis does not answer at 127.0.0.1:${port} (ECONNREFUSED); set TEST_REDIS_URL`,
    });
    expect(await findPostgres({}, `postgres://postgres@127.0.0.1:${port}/test`)).toEqual({
      ok: false,
      reason: `PostgreSQL does not answer at 127.0.0.1:${port}/test (ECONNREFUSED); set TEST_DATABASE_URL`,
    });
  });

  it('refuses a server that answers something other than Redis', async () => {
    const port = await listen((socket) => socket.end('HTTP/1.1 400 Bad Request\r\n\r\n'));
    const found = await findRedis({}, `redis://127.0.0.1:${port}`);
    expect(found).toEqual({
      ok: false,
      reason: `Redis does not answer at 127.0.0.1:${port} (HTTP/1.1 400 Bad Request); set TEST_REDIS_URL`,
    });
  });
});
