/**
 * The browser-test harness: starts the web app on 127.0.0.1 at a random port, drives
 * Debian's Chromium through playwright-core, and saves screenshots beside the tests.
 *
 * @example
 * const session = useE2ESession();
 * it('shows the 404 page', async () => {
 *   const page = await session().newPage();
 *   await page.goto(`${session().baseUrl}/nope`);
 *   await saveScreenshot(page, 'not-found');
 * });
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type Config, loadConfig } from '../../server/src/config.js';
import { missingService } from '../setup/skip.js';
import { startStaticServer } from './static-server.js';
import { REPO_ROOT, snapshotWebBuild } from './web-build.js';
import { lightTheme } from '../../web/src/ui/theme.js';

/** Where screenshots are written (committed, so reviewers see the pages). */
export const SCREENSHOT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

/** The Chromium arguments every browser test runs with. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Playwright's wait for one action or assertion; below {@link E2E_TEST_TIMEOUT_MS}. 15 s: on a
 * loaded 2-core machine (three test files side by side) an editor loading its chunks can take
 * over 10 s to answer a first click; a test still fails well before its own limit.
 */
const ACTION_TIMEOUT_MS = 15_000;

/**
 * The timeout to give browser tests (`describe(name, { timeout: E2E_TEST_TIMEOUT_MS }, …)`):
 * vitest's 5 s default is too short for page loads on a busy two-core machine.
 */
export const E2E_TEST_TIMEOUT_MS = 30_000;

/** The light theme's error text (`dangerText`) as the browser reports a computed colour: red, readable at AA. */
export const ERROR_TEXT_RGB = `rgb(${[1, 3, 5].map((i) => Number.parseInt(lightTheme.colors.dangerText.slice(i, i + 2), 16)).join(', ')})`;

// Starting may include a web build, Chromium's launch and the server's migrations.
const SESSION_START_TIMEOUT_MS = 120_000;

/** Returns the Chromium binary to use: CHROMIUM_PATH, or Debian's /usr/bin/chromium. */
export function getChromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

/**
 * Why browser tests cannot run here (test/setup/global-setup.ts looked for Chromium and could
 * neither find nor install it), or undefined when they can. Browser suites report skipped
 * with this reason.
 */
export function browserMissing(): string | undefined {
  const missing = missingService('browser');
  if (missing) return missing;
  const executablePath = getChromiumPath();
  return existsSync(executablePath)
    ? undefined
    : `browser: Chromium not found at ${executablePath}: install Debian's Chromium (apt-get install chromium) or set CHROMIUM_PATH`;
}

/**
 * Makes every test of the current suite report skipped, with the reason, when there is no
 * browser; returns whether the browser is missing (so a beforeAll can skip its launch).
 */
export function skipWithoutBrowser(): boolean {
  const missing = browserMissing();
  if (missing) beforeEach((context) => context.skip(missing));
  return missing !== undefined;
}

/** Launches headless Chromium with a fresh profile; throws a clear error when it is missing. */
export async function launchChromium(): Promise<Browser> {
  const executablePath = getChromiumPath();
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium not found at ${executablePath}. Browser tests need it: install Debian's package ` +
        '(apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary.',
    );
  }
  // chromium.launch gives every browser a fresh temporary user-data dir, removed on close.
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}

let sharedBrowser: Promise<Browser> | undefined;

/**
 * The worker's Chromium, launched on first use and kept for every browser test file the worker
 * runs after it (test files share their worker's modules: vitest.config.ts `isolate: false`).
 * A launch costs about 2 s of CPU on our machines; each file still gets its own contexts, so
 * no cookie, storage or cache crosses files. Playwright closes it when the worker exits.
 */
export async function sharedChromium(): Promise<Browser> {
  const current = sharedBrowser && (await sharedBrowser.catch(() => undefined));
  if (current?.isConnected()) return current;
  sharedBrowser = launchChromium();
  return sharedBrowser;
}

/** A running copy of the web app. */
export interface E2EServer {
  /** e.g. http://127.0.0.1:43127 */
  baseUrl: string;
  /** 'server' when the real createApp serves the app, 'static' for the static fallback. */
  kind: 'server' | 'static';
  close(): Promise<void>;
}

interface ListeningApp {
  listen(options: { host: string; port: number }): Promise<string>;
  close(): Promise<unknown>;
}

function isListeningApp(value: unknown): value is ListeningApp {
  const candidate = value as Partial<ListeningApp> | null;
  return typeof candidate?.listen === 'function' && typeof candidate.close === 'function';
}

/**
 * Serves the built web app. JUNCTION_E2E_SERVER chooses how:
 * - 'server': the real server's `createApp` (server/src/app.ts) with a temporary data dir;
 *   any failure to start it fails the test;
 * - 'static': the static server with SPA fallback;
 * - unset: the real server when server/src/app.ts exists and starts, else the static server
 *   with a warning naming why.
 */
export async function startWebServer(): Promise<E2EServer> {
  const build = await snapshotWebBuild();
  try {
    const server = await startServerFor(build.dir);
    return {
      ...server,
      close: async () => {
        await server.close();
        await build.remove();
      },
    };
  } catch (error) {
    await build.remove();
    throw error;
  }
}

async function startServerFor(webDist: string): Promise<E2EServer> {
  const mode = process.env.JUNCTION_E2E_SERVER;
  const appModule = path.join(REPO_ROOT, 'server', 'src', 'app.ts');
  if (mode === 'server') return startRealServerOnFreePort(appModule, webDist);
  if (mode !== 'static' && existsSync(appModule)) {
    try {
      return await startRealServerOnFreePort(appModule, webDist);
    } catch (error) {
      console.warn(
        `e2e harness: the real server did not start, using the static server (JUNCTION_E2E_SERVER=server makes this fatal): ${String(error)}`,
      );
    }
  }
  const server = await startStaticServer(webDist);
  return { ...server, kind: 'static' };
}

/**
 * Starts the real server, choosing another port when the one found free was taken before the
 * server could listen on it (another suite on the same machine), a few times at most.
 */
async function startRealServerOnFreePort(appModule: string, webDist: string): Promise<E2EServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startRealServer(appModule, webDist);
    } catch (error) {
      if ((error as { code?: string }).code !== 'EADDRINUSE' || attempt >= 5) throw error;
    }
  }
}

/** Returns a port that was free on 127.0.0.1 a moment ago (the OS picks it). */
function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function startRealServer(appModule: string, webDist: string): Promise<E2EServer> {
  const { createApp } = (await import(/* @vite-ignore */ appModule)) as {
    createApp?: (config: Config, opts?: { services?: E2EServices }) => unknown;
  };
  if (typeof createApp !== 'function') {
    throw new Error(`${appModule} exists but exports no createApp; the browser harness needs createApp(config).`);
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'junction-e2e-'));
  // The public URL must be the served address: built-in apps (Demo CRM) call `{base}`, and
  // webhook subscriptions post it. So the port is chosen before the app is created.
  const port = await findFreePort();
  const config: Config = {
    // A test that calls a local target (the HTTP request step) sets JUNCTION_ALLOWED_HOSTS
    // before its session starts, so the SSRF guard lets exactly that host:port through.
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      // The harness reads sign-up codes from the development outbox (createE2EServices).
      JUNCTION_DEV_OUTBOX: 'on',
      // As an automated install would: fixtures sign users up through the API. A test of the
      // set-up page or the sign-up policy sets SIGNUP_POLICY=default before its session starts.
      ...(process.env.SIGNUP_POLICY === 'default' ? {} : { SIGNUP_POLICY: process.env.SIGNUP_POLICY ?? 'open' }),
      ...(process.env.JUNCTION_ALLOWED_HOSTS ? { JUNCTION_ALLOWED_HOSTS: process.env.JUNCTION_ALLOWED_HOSTS } : {}),
      // A test that waits for a polling trigger sets a short interval the same way.
      ...(process.env.POLL_INTERVAL_MS ? { POLL_INTERVAL_MS: process.env.POLL_INTERVAL_MS } : {}),
      // A test that reads mail from a local SMTP peer (the sign-up code) sets SMTP_URL the same way.
      ...(process.env.SMTP_URL ? { SMTP_URL: process.env.SMTP_URL } : {}),
      // A test that declares an operator's app (the storefront hand-off) names the operator the same way.
      ...(process.env.SUPPORT_OPERATORS ? { SUPPORT_OPERATORS: process.env.SUPPORT_OPERATORS } : {}),
    }),
    host: '127.0.0.1',
    port,
    publicUrl: `http://127.0.0.1:${port}`,
    dataDir,
    webDist,
    rateLimits: false,
  };
  const services = await createE2EServices(config);
  let app: unknown;
  try {
    app = await createApp(config, { services });
  } catch (error) {
    await services.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  if (!isListeningApp(app)) {
    await services.close();
    await rm(dataDir, { recursive: true, force: true });
    throw new Error('createApp(config) returned no listen()/close() app; update test/e2e/harness.ts to start it.');
  }
  const listening = app;
  let address: string;
  try {
    address = await listening.listen({ host: config.host, port });
  } catch (error) {
    await listening.close();
    await services.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseUrl: address.replace(/\/$/, ''),
    kind: 'server',
    close: async () => {
      await listening.close();
      // Injected services are not closed by the app.
      await services.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

type ServicesModule = typeof import('../../server/src/compose.js');
type E2EServices = ReturnType<ServicesModule['createServices']>;

/**
 * The real domain services of the browser tests' server. The editor shows the four-digit code
 * modal on every load until an account is verified (onboarding 4), so a test that signs up
 * through the API (fetch POST /api/auth/sign-up) gets a verified account: the code is read from
 * the development outbox and checked by the real verifyCode before the grant is answered. A
 * test that reads the code itself sets SMTP_URL (the mail goes to its SMTP peer) and gets
 * unverified accounts, as a visitor does.
 */
async function createE2EServices(config: Config): Promise<E2EServices> {
  const modulePath = path.join(REPO_ROOT, 'server', 'src', 'compose.ts');
  const { createServices } = (await import(/* @vite-ignore */ modulePath)) as ServicesModule;
  const services = createServices(config);
  try {
    await services.ready;
  } catch (error) {
    await services.close();
    throw error;
  }
  if (config.smtpUrl) return services;
  const { accounts } = services;
  return {
    ...services,
    accounts: {
      ...accounts,
      async signUp(input) {
        const grant = await accounts.signUp(input);
        const mail = (await services.outbox.list()).filter((m) => m.to.includes(grant.user.email)).at(-1);
        const code = mail ? /verification code is (\d{4})/.exec(mail.text)?.[1] : undefined;
        const ctx = await accounts.authenticate(grant.token);
        if (!code || !ctx) throw new Error(`e2e harness: no verification code in the outbox for ${grant.user.email}`);
        return { ...grant, user: await accounts.verifyCode(ctx, code) };
      },
    },
  };
}

/** A browser plus a served app, for one test file. */
export interface E2ESession {
  baseUrl: string;
  server: E2EServer;
  browser: Browser;
  context: BrowserContext;
  /** Uncaught errors thrown in any page of this session, for tests to assert none. */
  pageErrors: string[];
  /** Opens a new tab in the session's context. */
  newPage(): Promise<Page>;
  /** Closes the session's browser contexts and the server; safe to call twice. */
  close(): Promise<void>;
}

export interface SessionOptions {
  /**
   * A Chromium of the session's own rather than the worker's: the visual tests compare pixels,
   * and a browser that earlier files used can draw native controls' text a few pixels apart.
   */
  ownBrowser?: boolean;
}

/** Starts the app server and a context in the worker's Chromium; call in beforeAll, close in afterAll. */
export async function startE2ESession(options: SessionOptions = {}): Promise<E2ESession> {
  // Launch Chromium first: when it is missing the test fails on that, not on a build.
  const browser = options.ownBrowser ? await launchChromium() : await sharedChromium();
  const server = await startWebServer();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  const pageErrors: string[] = [];
  let isClosed = false;
  return {
    baseUrl: server.baseUrl,
    server,
    browser,
    context,
    pageErrors,
    async newPage() {
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
      return page;
    },
    async close() {
      if (isClosed) return;
      isClosed = true;
      // The worker's browser (sharedChromium) stays for the next file; this file's contexts end.
      if (options.ownBrowser) await browser.close();
      else await Promise.all(browser.contexts().map((c) => c.close()));
      await server.close();
    },
  };
}

/**
 * Starts an {@link E2ESession} before the file's tests and closes it after them; returns a
 * getter for it. Without a browser every test of the file reports skipped with the reason
 * (see {@link browserMissing}); when the session cannot start otherwise (a broken build, a
 * browser that does not launch) every test fails with that error.
 *
 * @example
 * const session = useE2ESession();
 * it('shows the 404 page', async () => {
 *   const page = await session().newPage();
 * });
 */
export function useE2ESession(options: SessionOptions = {}): () => E2ESession {
  let current: E2ESession | undefined;
  let startError: unknown;
  const isMissing = skipWithoutBrowser();
  beforeAll(async () => {
    if (isMissing) return;
    try {
      current = await startE2ESession(options);
    } catch (error) {
      startError = error;
    }
  }, SESSION_START_TIMEOUT_MS);
  afterAll(async () => {
    await current?.close();
  }, SESSION_START_TIMEOUT_MS);
  return () => {
    if (startError) throw startError;
    if (!current) throw new Error('The browser session is not started: call session() inside a test, not at load.');
    return current;
  };
}

/**
 * Saves a full-page screenshot to test/e2e/screenshots/<name>.png and returns its path.
 * Names are kebab-case so they read well in the repository.
 */
/**
 * Whether browser tests write their screenshots: always on a developer's machine (people look
 * at them and commit them), not in CI (`CI` set), whose checkout is thrown away — about 180
 * full-page PNGs, a minute of CPU on a 2-core machine. `E2E_SCREENSHOTS=on` writes them in CI too.
 */
export function screenshotsWanted(): boolean {
  if (process.env.E2E_SCREENSHOTS === 'on') return true;
  return !process.env.CI || process.env.CI === 'false' || process.env.CI === '0';
}

export async function saveScreenshot(page: Page, name: string): Promise<string> {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name)) throw new Error(`Screenshot name "${name}" must be kebab-case.`);
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  if (!screenshotsWanted()) return file;
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}
