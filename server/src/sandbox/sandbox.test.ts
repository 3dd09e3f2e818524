import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHttpClient, type HttpClient } from '../security/http-client.js';
import { createSandbox, type Sandbox, type SandboxResult } from './runner.js';

// One sandbox for the file: a warm pool of two hides Pyodide's start-up between tests. Each
// run starts a fresh child; on a loaded machine a start takes seconds, hence the long timeout.
vi.setConfig({ testTimeout: 120_000 });
let sandbox: Sandbox;
let target: FastifyInstance;
let targetPort: number;
let http: HttpClient;
let unlisted: net.Server;
let unlistedPort: number;
let unlistedHits = 0;
const CANARY = 'sandbox-canary-value';

beforeAll(async () => {
  process.env.JUNCTION_SANDBOX_TEST_CANARY = CANARY;
  // A time limit far from what the runs need: on a loaded machine (other test files flooding
  // the CPU) a run with requests took over 5 s. The wall-clock test has its own sandbox.
  sandbox = createSandbox({ poolSize: 2, maxConcurrent: 2, timeoutMs: 30_000, memoryLimitMb: 128 });
  target = Fastify();
  target.get('/items', async (request) => ({
    items: [{ id: 1 }],
    query: request.query,
    auth: request.headers['x-key'] ?? null,
  }));
  target.post('/items', async (request, reply) => reply.code(201).send({ created: request.body }));
  await target.listen({ host: '127.0.0.1', port: 0 });
  targetPort = (target.server.address() as net.AddressInfo).port;
  // A local service the allowlist does not name: the guard must keep code away from it.
  unlisted = net.createServer((socket) => {
    unlistedHits++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => unlisted.listen(0, '127.0.0.1', resolve));
  unlistedPort = (unlisted.address() as net.AddressInfo).port;
  http = createHttpClient({ allowedHosts: `127.0.0.1:${targetPort}`, timeoutMs: 15_000 });
}, 120_000);

afterAll(async () => {
  delete process.env.JUNCTION_SANDBOX_TEST_CANARY;
  await sandbox.close();
  await http.close();
  await target.close();
  await new Promise((resolve) => unlisted.close(resolve));
});

/** Removes the prelude's import blocker from sys.meta_path (a known bypass of a Python-level hook). */
const UNBLOCK = "import sys\nsys.meta_path[:] = [f for f in sys.meta_path if type(f).__name__ != '_Blocker']";
const code = (body: string) => `def run(inputData, authData):\n${body.replace(/^/gm, '    ')}\n`;
const run = (source: string, inputData: Record<string, unknown> = {}, authData: Record<string, unknown> = {}) =>
  sandbox.run({ code: source, inputData, authData, http });

function expectFailure(result: SandboxResult, codeName: string, message: RegExp | string): void {
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(result.error.code).toBe(codeName);
  if (typeof message === 'string') expect(result.error.message).toBe(message);
  else expect(result.error.message).toMatch(message);
}

/** The sandbox still serves normal work after a failure. */
async function expectHealthy(): Promise<void> {
  const result = await run(code('return {"sum": inputData["a"] + inputData["b"]}'), { a: 2, b: 3 });
  expect(result).toMatchObject({ ok: true, output: { sum: 5 } });
}

describe('custom code: normal runs', () => {
  it('runs run(inputData, authData) and answers its JSON result', async () => {
    const result = await run(
      code(
        'return {"greeting": "Hello " + inputData["name"], "token": authData["token"][:3], "n": [1, 2.5, None, True]}',
      ),
      { name: 'Ada' },
      { token: 'tok_123' },
    );
    expect(result).toMatchObject({
      ok: true,
      output: { greeting: 'Hello Ada', token: 'tok', n: [1, 2.5, null, true] },
    });
  });

  it('sends requests through the host helper and the guarded client', async () => {
    const result = await run(
      code(
        [
          `got = request("GET", "http://127.0.0.1:${targetPort}/items", headers={"X-Key": authData["key"]}, params={"q": inputData["q"]})`,
          `made = request("post", "http://127.0.0.1:${targetPort}/items", body={"name": "Ada"})`,
          'return {"status": got["status"], "body": got["body"], "created": made["status"], "echo": made["body"]}',
        ].join('\n'),
      ),
      { q: 'x y' },
      { key: 'k1' },
    );
    expect(result).toMatchObject({
      ok: true,
      output: {
        status: 200,
        body: { items: [{ id: 1 }], query: { q: 'x y' }, auth: 'k1' },
        created: 201,
        echo: { created: { name: 'Ada' } },
      },
    });
  });

  it('collects what the code prints as logs', async () => {
    const result = await run(code('print("working on", inputData["id"])\nreturn 1'), { id: 7 });
    expect(result).toMatchObject({ ok: true, output: 1, logs: 'working on 7\n' });
  });

  it('starts each run with a fresh interpreter: nothing leaks from an earlier run', async () => {
    const first = await run('import builtins\nbuiltins.LEAK = "tenant A"\ndef run(i, a):\n    return 1\n');
    expect(first.ok).toBe(true);
    const second = await run(code('import builtins\nreturn getattr(builtins, "LEAK", None)'));
    expect(second).toMatchObject({ ok: true, output: null });
  });
});

describe('custom code: mistakes give clear messages', () => {
  it('reports a syntax error with its line', async () => {
    expectFailure(
      await run('def run(inputData, authData)\n    return 1\n'),
      'syntax-error',
      /^Custom code has a syntax error on line 1: /,
    );
  });

  it('reports a missing run function', async () => {
    expectFailure(
      await run('x = 1\n'),
      'no-run-function',
      'Custom code must define a function run(inputData, authData).',
    );
  });

  it('reports an exception with its line', async () => {
    expectFailure(
      await run(code('x = 1\nreturn inputData["missing"]')),
      'code-error',
      "Custom code failed on line 3: KeyError: 'missing'",
    );
  });

  it('refuses output that is not JSON', async () => {
    expectFailure(
      await run(code('return {1, 2}')),
      'invalid-output',
      /^Custom code must return JSON .*set is not JSON serializable/,
    );
    expectFailure(await run(code('return float("nan")')), 'invalid-output', /^Custom code must return JSON/);
  });

  it('refuses a huge output', async () => {
    expectFailure(
      await run(code('return "x" * (2 * 1024 * 1024)')),
      'too-large',
      'The output of custom code is larger than 1048576 bytes.',
    );
    await expectHealthy();
  });
});

describe('custom code: the escape corpus fails cleanly and the sandbox survives', () => {
  it.each([
    ['import js', 'import js\nreturn str(js)', /^Custom code failed on line 2: ImportError: 'js' is not available/],
    ['import pyodide_js', 'import pyodide_js\nreturn 1', /ImportError: 'pyodide_js' is not available/],
    [
      'pyodide.code.run_js',
      'from pyodide.code import run_js\nreturn run_js("process.pid")',
      /ImportError: 'pyodide' is not available: the Pyodide API/,
    ],
    [
      'removing the import blocker, then import js, pyodide_js',
      `${UNBLOCK}\nimport js, pyodide_js\nreturn pyodide_js.FS.readdir("/")`,
      /^Custom code failed on line 4: ModuleNotFoundError: No module named 'js'/,
    ],
    ['ctypes', 'import ctypes\nreturn 1', /ImportError: 'ctypes' is not available/],
    ['_testcapi', 'import _testcapi\nreturn 1', /ImportError: '_testcapi' is not available: CPython's test modules/],
    ["os.system('id')", 'import os\nreturn os.system("id")', /PermissionError: os.system is not available/],
    ["posix.system('id')", 'import posix\nreturn posix.system("id")', /PermissionError: os.system is not available/],
    [
      'subprocess.run',
      'import subprocess\nreturn subprocess.run(["id"]).returncode',
      /ImportError: 'subprocess' is not available: there are no processes/,
    ],
    [
      "open('/etc/passwd')",
      'return open("/etc/passwd").read()',
      /FileNotFoundError: .*No such file or directory: '\/etc\/passwd'/,
    ],
    [
      'a raw socket to an unlisted local port',
      `import socket\nsocket.create_connection(("127.0.0.1", UNLISTED), timeout=2)\nreturn 1`,
      /^Custom code failed on line 3: (OSError|TimeoutError|ConnectionRefusedError)/,
    ],
  ])('%s', async (_name, body, message) => {
    const result = await run(code(body.replace('UNLISTED', String(unlistedPort))));
    expectFailure(result, 'code-error', message);
  });

  it('reaches no JavaScript module by importlib, __import__, sys.modules, a new JsFinder or a heap scan', async () => {
    const body = [
      UNBLOCK,
      'import importlib',
      'out = {}',
      'def attempt(name, fn):',
      '    try:',
      '        out[name] = "reached: %r" % (fn(),)',
      '    except Exception as error:',
      '        out[name] = type(error).__name__',
      'attempt("importlib", lambda: importlib.import_module("pyodide_js").FS)',
      'def run_js():',
      '    from pyodide.code import run_js',
      '    return run_js("process.pid")',
      'attempt("pyodide.code.run_js", run_js)',
      'attempt("__import__", lambda: __import__("js"))',
      'attempt("sys.modules", lambda: [sys.modules[k] for k in ("js", "pyodide_js")])',
      'def new_finder():',
      '    from _pyodide._importhook import JsFinder',
      '    sys.meta_path.append(JsFinder())',
      '    return importlib.import_module("pyodide_js")',
      'attempt("a new JsFinder", new_finder)',
      'import gc',
      'def scan():',
      '    found = [r for o in gc.get_objects() for r in gc.get_referents(o)',
      '             if not isinstance(r, type) and any(c.__name__ == "JsProxy" for c in type(r).__mro__)]',
      '    if found:',
      '        return found',
      '    raise LookupError("no JsProxy on the heap")',
      'attempt("gc scan", scan)',
      'return out',
    ].join('\n');
    // Importing Pyodide's Python package and scanning the heap take seconds on a busy machine.
    const patient = createSandbox({ poolSize: 0, timeoutMs: 90_000 });
    const result = await patient.run({ code: code(body), inputData: {}, authData: {} }).finally(() => patient.close());
    expect(result).toMatchObject({
      ok: true,
      output: {
        importlib: 'ModuleNotFoundError',
        'pyodide.code.run_js': 'ModuleNotFoundError',
        __import__: 'ModuleNotFoundError',
        'sys.modules': 'KeyError',
        'a new JsFinder': 'ModuleNotFoundError',
        'gc scan': 'LookupError',
      },
    });
    // Making JavaScript objects from Python (create_proxy, to_js, …) ends the run: js-bridge.test.ts.
  });

  it('still runs normal code after the corpus', async () => {
    await expectHealthy();
  });

  it('sees an empty environment (none of the server variables)', async () => {
    const result = await run(code('import os\nreturn dict(os.environ)'));
    expect(result.ok).toBe(true);
    const env = (result as { output: Record<string, string> }).output;
    expect(Object.keys(env).sort()).toEqual(['HOME', 'LANG', 'PATH']);
    expect(JSON.stringify(env)).not.toContain(CANARY);
  });

  it('stops an infinite loop at the wall clock', async () => {
    const strict = createSandbox({ poolSize: 0, timeoutMs: 5_000 });
    const result = await strict.run({ code: code('while True:\n    pass'), inputData: {}, authData: {} });
    await strict.close();
    expectFailure(result, 'timeout', 'Custom code timed out after 5 s and was stopped.');
    await expectHealthy();
  });

  // The memory limit must be what stops these, not the wall clock: growing a child's memory is
  // slow on a loaded machine, so they run in a sandbox whose time limit is far away.
  const roomyRun = async (source: string): Promise<SandboxResult> => {
    const roomy = createSandbox({ poolSize: 0, maxConcurrent: 1, timeoutMs: 60_000, memoryLimitMb: 128 });
    try {
      return await roomy.run({ code: source, inputData: {}, authData: {}, http });
    } finally {
      await roomy.close();
    }
  };

  it('answers a 1 GB allocation with a memory error', async () => {
    expectFailure(
      await roomyRun(code('data = bytearray(1024 ** 3)\nreturn len(data)')),
      'memory',
      'Custom code ran out of memory (limit 128 MB).',
    );
    await expectHealthy();
  });

  it('answers a slowly growing allocation with a memory error', async () => {
    const grow = 'chunks = []\nwhile True:\n    chunks.append(bytearray(16 * 1024 * 1024))';
    expectFailure(await roomyRun(code(grow)), 'memory', 'Custom code ran out of memory (limit 128 MB).');
    await expectHealthy();
  });
});

describe('custom code: the request helper keeps the SSRF guard', () => {
  it.each([
    ['the metadata address', 'http://169.254.169.254/latest/meta-data/'],
    ['loopback that is not allowlisted', 'http://127.0.0.1:UNLISTED/'],
    ['a non-http scheme', 'file:///etc/passwd'],
  ])('refuses %s', async (_name, url) => {
    const body = `try:\n    request("GET", "${url.replace('UNLISTED', String(unlistedPort))}")\n    return "sent"\nexcept RequestError as error:\n    return str(error)`;
    const result = await run(code(body));
    expect(result.ok).toBe(true);
    expect((result as { output: string }).output).toMatch(/failed: (.*blocked|.*not allowed|Only http and https)/i);
  });

  it('never connected to the unlisted local service', () => {
    expect(unlistedHits).toBe(0);
  });

  it('reports an uncaught refusal as the step failure', async () => {
    expectFailure(
      await run(code('return request("GET", "http://169.254.169.254/")')),
      'code-error',
      /^Custom code failed on line 2: RequestError: The request to http:\/\/169\.254\.169\.254 failed: /,
    );
  });

  it('refuses bad helper arguments with a message naming them', async () => {
    const body = [
      'out = []',
      'big = "x" * (6 * 1024 * 1024)',
      'for args in [("FETCH", "https://x.example"), ("GET", ""), ("GET", "https://x.example", None, {"a": 1}),',
      '             ("POST", "https://x.example", None, big)]:',
      '    try:',
      '        request(*args)',
      '    except RequestError as error:',
      '        out.append(str(error))',
      'return out',
    ].join('\n');
    const result = await run(code(body));
    expect(result).toMatchObject({
      ok: true,
      output: [
        'The method must be one of GET, POST, PUT, PATCH, DELETE, not "FETCH".',
        'The url must be a non-empty string.',
        'A GET request has no body; leave body empty (None) for GET.',
        'The request is larger than 5242880 bytes.',
      ],
    });
  });

  it('caps the number of requests per run', async () => {
    const limited = createSandbox({ poolSize: 0, maxRequests: 2 });
    try {
      const body = `n = 0\nfor _ in range(3):\n    request("GET", "http://127.0.0.1:${targetPort}/items")\n    n += 1\nreturn n`;
      const result = await limited.run({ code: code(body), inputData: {}, authData: {}, http });
      expectFailure(result, 'code-error', /RequestError: Custom code may send at most 2 requests per run\./);
    } finally {
      await limited.close();
    }
  });
});
