/**
 * What the test run can use on this machine: a Chromium for the browser tests, PostgreSQL and
 * Redis for the suites that need them. `global-setup.ts` runs {@link detectTestEnvironment}
 * once per `vitest run` and exports the result as environment variables for every test file;
 * `skip.ts` reads them back. Each part takes its effects as arguments so it is tested here
 * without uninstalling anything.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import pg from 'pg';

/** Debian's Chromium, where `apt-get install chromium` puts it. */
export const SYSTEM_CHROMIUM = '/usr/bin/chromium';
/** The usual local services (PostgreSQL with trust auth and a `test` database; Redis). */
export const LOCAL_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
export const LOCAL_REDIS_URL = 'redis://127.0.0.1:6379';

/** One service's verdict: the value to export, or why its tests are skipped. */
export type Found = { ok: true; value: string; note?: string } | { ok: false; reason: string };

/** The side effects {@link findChromium} needs. */
export interface BrowserProbe {
  exists(file: string): boolean;
  /** Whether this process may install system packages (root, with apt-get present). */
  canInstall(): boolean;
  /** Installs Debian's `chromium`; returns an error text, or undefined on success. */
  install(): string | undefined;
}

/**
 * Finds Chromium: CHROMIUM_PATH when set (never second-guessed), else Debian's
 * /usr/bin/chromium, else installs Debian's `chromium` when running as root with apt-get
 * (JUNCTION_TEST_INSTALL=off forbids it), else says in one line what to install.
 */
export function findChromium(env: NodeJS.ProcessEnv, probe: BrowserProbe): Found {
  const given = env.CHROMIUM_PATH;
  if (given) {
    return probe.exists(given)
      ? { ok: true, value: given }
      : { ok: false, reason: `CHROMIUM_PATH=${given} does not exist; point it at a Chromium binary or unset it` };
  }
  if (probe.exists(SYSTEM_CHROMIUM)) return { ok: true, value: SYSTEM_CHROMIUM };
  const howTo = "install Debian's Chromium (`sudo apt-get install chromium`) or set CHROMIUM_PATH to a Chromium binary";
  if (env.JUNCTION_TEST_INSTALL === 'off' || !probe.canInstall())
    return { ok: false, reason: `no Chromium found: ${howTo}` };
  const failure = probe.install();
  if (failure === undefined && probe.exists(SYSTEM_CHROMIUM)) {
    return { ok: true, value: SYSTEM_CHROMIUM, note: "installed Debian's chromium for the browser tests" };
  }
  return {
    ok: false,
    reason: `no Chromium found and apt-get could not install it (${failure ?? 'no binary'}): ${howTo}`,
  };
}

/** The real {@link BrowserProbe}: the file system and Debian's apt-get. */
export const systemBrowserProbe: BrowserProbe = {
  exists: existsSync,
  canInstall: () => process.getuid?.() === 0 && existsSync('/usr/bin/apt-get'),
  install() {
    process.stderr.write("Installing Debian's chromium for the browser tests (apt-get install chromium)…\n");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    // Bounded: a stuck mirror must not hold the test run forever.
    const options = { env, encoding: 'utf8' as const, timeout: 600_000 };
    const update = spawnSync('apt-get', ['update', '-qq'], options);
    if (update.status !== 0) return lastLine(update.stderr) || 'apt-get update failed';
    const install = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], options);
    return install.status === 0 ? undefined : lastLine(install.stderr) || 'apt-get install failed';
  },
};

function lastLine(text: string | null | undefined): string {
  return (text ?? '').trim().split('\n').at(-1) ?? '';
}

/**
 * PostgreSQL for the suites that run on it: TEST_DATABASE_URL when set, else the usual local
 * server (creating its `test` database when only that is missing).
 */
export async function findPostgres(env: NodeJS.ProcessEnv, localUrl = LOCAL_DATABASE_URL): Promise<Found> {
  if (env.TEST_DATABASE_URL) return { ok: true, value: env.TEST_DATABASE_URL };
  const first = await tryPostgres(localUrl);
  if (first === undefined) return { ok: true, value: localUrl };
  if (first.code === '3D000') {
    // The server answers but has no `test` database: make it, as .ci/run's machine has.
    const admin = new URL(localUrl);
    const database = admin.pathname.slice(1);
    admin.pathname = '/postgres';
    const created = await tryPostgres(admin.href, `CREATE DATABASE "${database.replaceAll('"', '""')}"`);
    if (created === undefined && (await tryPostgres(localUrl)) === undefined) return { ok: true, value: localUrl };
  }
  return {
    ok: false,
    reason: `PostgreSQL does not answer at ${redact(localUrl)} (${first.message}); set TEST_DATABASE_URL`,
  };
}

async function tryPostgres(url: string, sql = 'SELECT 1'): Promise<{ code?: string; message: string } | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query(sql);
    return undefined;
  } catch (error) {
    const e = error as { code?: string; message?: string };
    return { code: e.code, message: e.code ?? e.message ?? String(error) };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Redis for the suites that run on it: TEST_REDIS_URL when set, else the usual local server. */
export async function findRedis(env: NodeJS.ProcessEnv, localUrl = LOCAL_REDIS_URL): Promise<Found> {
  if (env.TEST_REDIS_URL) return { ok: true, value: env.TEST_REDIS_URL };
  const { hostname, port } = new URL(localUrl);
  const answer = await pingRedis(hostname, Number(port || 6379));
  return answer === '+PONG'
    ? { ok: true, value: localUrl }
    : { ok: false, reason: `Redis does not answer at ${hostname}:${port || 6379} (${answer}); set TEST_REDIS_URL` };
}

function pingRedis(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 3_000 });
    let reply = '';
    const done = (text: string) => {
      socket.destroy();
      resolve(text);
    };
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString('latin1');
      if (reply.includes('\r\n')) done(reply.split('\r\n')[0]);
    });
    socket.on('timeout', () => done('timed out'));
    socket.on('error', (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
  });
}

function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return `${u.host}${u.pathname}`;
}

/** Environment variables through which the verdicts reach every test file. */
export const SKIP_VARIABLES = {
  browser: 'JUNCTION_TEST_NO_BROWSER',
  postgres: 'JUNCTION_TEST_NO_POSTGRES',
  redis: 'JUNCTION_TEST_NO_REDIS',
} as const;

/** A service some tests need. */
export type TestService = keyof typeof SKIP_VARIABLES;
