// @ts-check
/**
 * The custom-code sandbox child. Plain JavaScript on purpose: the runner
 * starts it with a bare `node` under the permission model (read access to the pyodide
 * package and this file only, no child processes, no workers, no addons, no code generation
 * from strings, an empty environment), so it must not need a loader, a bundle or any other
 * file. `tsup` copies it to `dist/sandbox-child.mjs`.
 *
 * Life of one child: harden the process → load Pyodide (offline, from the package folder)
 * with every WebAssembly import behind the JavaScript gate → install the Python prelude → say
 * `ready` → wait for ONE job → shut the gate → run it → send the result → exit. A child never
 * runs a second job, so no state survives from one run to the next.
 *
 * Protocol: JSON lines. stdin (fd 0) carries parent → child messages (`job`, `response`),
 * stdout (fd 1) child → parent messages (`ready`, `request`, `result`). Both are used
 * synchronously (the Python code is running while it waits for a request's response).
 * The message shapes are described in `protocol.ts`.
 *
 * A second mode makes the start-up snapshot: Pyodide loaded and nothing else run, its memory
 * written to one file (the only file this mode may write). Run children restore it, which is
 * about ten times faster than loading Pyodide; every run still starts from the same clean state.
 *
 * argv: <pyodide folder> <wasm memory limit in bytes> <max output bytes> <max log bytes>
 *       <snapshot file, or '-'> <mode: 'run' | 'snapshot'>
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';

const [pyodideDir, memoryLimitArg, maxOutputArg, maxLogArg, snapshotPath, mode] = process.argv.slice(2);
const MEMORY_LIMIT = Number(memoryLimitArg) || 256 * 1024 * 1024;
const MAX_OUTPUT = Number(maxOutputArg) || 1024 * 1024;
const MAX_LOG = Number(maxLogArg) || 64 * 1024;
/** Largest request (JSON of method, url, headers, params, body) the code may send. */
const MAX_REQUEST_BYTES = 5 * 1024 * 1024;
/** Major device number of /dev/junction (the request channel); unused by Emscripten itself. */
const HOST_DEVICE_MAJOR = 64;

// ---------------------------------------------------------------------------------------
// Synchronous line I/O on the inherited pipes (they are non-blocking: EAGAIN means "wait").

const sleepCell = new Int32Array(new SharedArrayBuffer(4));
/** @param {number} ms */
function sleep(ms) {
  Atomics.wait(sleepCell, 0, 0, ms);
}

/** @param {unknown} error */
function isAgain(error) {
  const code = /** @type {{ code?: string } | null} */ (error)?.code;
  return code === 'EAGAIN' || code === 'EWOULDBLOCK';
}

/** @param {object} message */
function send(message) {
  writeLine(JSON.stringify(message));
}

/** @param {string} text one JSON message, without the line break */
function writeLine(text) {
  const data = Buffer.from(`${text}\n`, 'utf8');
  let offset = 0;
  let pause = 1;
  while (offset < data.length) {
    try {
      offset += fs.writeSync(1, data, offset, data.length - offset);
      pause = 1;
    } catch (error) {
      if (!isAgain(error)) throw error;
      sleep(pause);
      pause = Math.min(pause * 2, 20);
    }
  }
}

let pending = Buffer.alloc(0);
const chunk = Buffer.alloc(64 * 1024);
/** Blocks until one whole line has arrived; exits when the parent closed the pipe. */
function receive() {
  let pause = 1;
  for (;;) {
    const end = pending.indexOf(10);
    if (end >= 0) {
      const line = pending.subarray(0, end).toString('utf8');
      pending = pending.subarray(end + 1);
      return JSON.parse(line);
    }
    let read = 0;
    try {
      read = fs.readSync(0, chunk, 0, chunk.length, null);
    } catch (error) {
      if (!isAgain(error)) throw error;
      sleep(pause);
      pause = Math.min(pause * 2, 10);
      continue;
    }
    if (read === 0) process.exit(0);
    pause = 1;
    pending = Buffer.concat([pending, chunk.subarray(0, read)]);
  }
}

// ---------------------------------------------------------------------------------------
// Hardening of the JavaScript side. The permission model is the boundary; these close the
// doors it leaves open (network, signals) in case Python code ever reaches JavaScript.

/** @param {string} what */
function denied(what) {
  return () => {
    throw new Error(`${what} is not available in the custom-code sandbox.`);
  };
}

function harden() {
  // Anything printed by Pyodide or Node on stdout would corrupt the protocol.
  console.log = console.info = console.debug = console.warn = console.error;
  // Pyodide reads file-open flags through process.binding('constants'), which the permission
  // model refuses; hand over the same public constants and nothing else.
  const constants = { fs: fs.constants, os: os.constants };
  /** @type {any} */ (process).binding = (/** @type {string} */ name) => {
    if (name === 'constants') return constants;
    throw new Error('process.binding is not available in the custom-code sandbox.');
  };
  const proc = /** @type {any} */ (process);
  for (const name of ['kill', 'dlopen', 'setuid', 'setgid', 'chdir', 'abort']) {
    if (typeof proc[name] === 'function') proc[name] = denied(`process.${name}`);
  }
  const global = /** @type {any} */ (globalThis);
  for (const name of ['fetch', 'WebSocket', 'EventSource', 'XMLHttpRequest', 'Request', 'Response']) {
    delete global[name];
  }
  const require = createRequire(import.meta.url);
  const modules = /** @type {Record<string, string[]>} */ ({
    'node:net': ['connect', 'createConnection', 'createServer'],
    'node:tls': ['connect', 'createServer'],
    'node:http': ['request', 'get', 'createServer'],
    'node:https': ['request', 'get', 'createServer'],
    'node:http2': ['connect', 'createServer', 'createSecureServer'],
    'node:dgram': ['createSocket'],
    'node:dns': ['lookup', 'resolve', 'resolve4', 'resolve6', 'resolveAny', 'reverse'],
    'node:child_process': ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'],
    'node:worker_threads': ['Worker'],
  });
  for (const [id, names] of Object.entries(modules)) {
    const mod = require(id);
    for (const name of names) mod[name] = denied(`${id.slice(5)}.${name}`);
  }
  const net = require('node:net');
  net.Socket.prototype.connect = denied('net.Socket.connect');
  require('node:dgram').Socket.prototype.send = denied('dgram.Socket.send');
  // Python's heap is the WebAssembly memory: cap its growth so an allocation past the limit
  // fails inside Python (MemoryError) instead of taking the machine's memory.
  const grow = WebAssembly.Memory.prototype.grow;
  WebAssembly.Memory.prototype.grow = function limitedGrow(/** @type {number} */ pages) {
    if (this.buffer.byteLength + pages * 65536 > MEMORY_LIMIT) {
      throw new RangeError('The custom-code memory limit is reached.');
    }
    return grow.call(this, pages);
  };
}

// ---------------------------------------------------------------------------------------
// The JavaScript gate (THREAT-MODEL.md row 8). WebAssembly reaches JavaScript only through the
// functions it imports; Pyodide's bridge (JsProxy creation, Python ↔ JavaScript conversion,
// PyProxies, ctypes' ffi_call_js, dlopen, EM_ASM, run_script…) is such an import. The gate wraps
// every import when Pyodide's module is instantiated, before any Python runs, and is shut
// just before the job: from then on any import outside a short reviewed list throws, and the
// throw unwinds the whole interpreter (no Python `except` sees it). Python cannot reopen it: the
// flag lives in this closure, and no JavaScript object reaches Python to touch it.

/**
 * Imports that stay open once the gate is shut: Emscripten's system layer, which takes and
 * returns numbers only (no JavaScript value crosses). Files and sockets go to Emscripten's
 * in-memory file system and socket emulation (no host folder is mounted), the table
 * trampoline calls WebAssembly functions (or gated imports) by index.
 */
const OPEN_IMPORTS = new Set([
  '_PyEM_TrampolineCall_JS',
  '_Py_CheckEmscriptenSignals_Helper',
  '_Py_emscripten_runtime',
  'can_run_sync_js',
  'fd_close',
  'fd_fdstat_get',
  'fd_pread',
  'fd_pwrite',
  'fd_read',
  'fd_seek',
  'fd_sync',
  'fd_write',
  '_try_fcntl64',
  '_try_shutdown',
  '_mmap_js',
  '_munmap_js',
  '_msync_js',
  'getaddrinfo',
  'getnameinfo',
  'getprotobyname',
  'getprotobynumber',
  'getprotoent',
  'setprotoent',
  'endprotoent',
  '_emscripten_lookup_name',
  'clock_res_get',
  'clock_time_get',
  'emscripten_get_now',
  'emscripten_get_now_res',
  'emscripten_date_now',
  'emscripten_performance_now',
  '_emscripten_get_now_is_monotonic',
  '_localtime_js',
  '_gmtime_js',
  '_mktime_js',
  '_timegm_js',
  '_tzset_js',
  'strptime',
  'strptime_l',
  '__asctime_r',
  'random_get',
  'environ_get',
  'environ_sizes_get',
  'emscripten_resize_heap',
  'emscripten_notify_memory_growth',
  'emscripten_get_heap_max',
  'exit',
  'proc_exit',
  '_abort_js',
  '__assert_fail',
]);
/** Import families that stay open: file-system and socket syscalls, Math functions. */
const OPEN_PREFIXES = ['__syscall_', 'emscripten_math_'];
/**
 * Imports that, once shut, answer what they answer when the feature is absent (null: "no
 * asynchronous socket"), so socket code fails with an OSError as it did before the job.
 */
const INERT_IMPORTS = new Set([
  '_maybe_connect_async',
  '_maybe_recvfrom_async',
  '_maybe_sendto_async',
  '_maybe_poll_async',
]);

const gate = { installed: false, shut: false, /** the first import refused */ refused: '' };

/** Thrown by a shut import. */
class JavaScriptUnreachable extends Error {}

/** @param {string} name */
function isOpenImport(name) {
  return OPEN_IMPORTS.has(name) || OPEN_PREFIXES.some((prefix) => name.startsWith(prefix));
}

/**
 * Replaces, in place, every function of Pyodide's import object by one that checks the gate
 * (in place: Emscripten resolves later look-ups — dlsym, the GOT — in the same object).
 *
 * @param {Record<string, unknown>} env
 */
function gateImports(env) {
  for (const name of Object.keys(env)) {
    const original = env[name];
    if (typeof original !== 'function') continue;
    if (isOpenImport(name)) {
      // Emscripten's signature letter for a JavaScript value is 'e' (externref): an open import
      // must never take or give one, whatever a Pyodide upgrade changes.
      if (String(/** @type {any} */ (original).sig ?? '').includes('e')) {
        throw new Error(`The open import ${name} passes JavaScript values; refusing to start.`);
      }
      continue;
    }
    const inert = INERT_IMPORTS.has(name);
    /** @this {unknown} @param {unknown[]} args */
    const gated = function (...args) {
      if (gate.shut) {
        if (inert) return null;
        gate.refused ||= name;
        throw new JavaScriptUnreachable(name);
      }
      return Reflect.apply(original, this, args);
    };
    env[name] = Object.assign(gated, original);
  }
  gate.installed = true;
}

function installGate() {
  const instantiate = WebAssembly.instantiate;
  /** @type {any} */ (WebAssembly).instantiate = function gatedInstantiate(/** @type {any[]} */ ...args) {
    const env = args[1]?.env;
    if (env && typeof env.JsProxy_compute_typeflags === 'function') gateImports(env);
    return Reflect.apply(instantiate, this, args);
  };
}

// ---------------------------------------------------------------------------------------
// The request channel: Python writes one JSON request to /dev/junction and reads the
// answer back from the same open file. No JavaScript object ever reaches Python.

let nextRequestId = 1;

/** @param {Uint8Array} bytes */
function forwardRequest(bytes) {
  /** @type {any} */
  let call;
  try {
    call = JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch {
    return { ok: false, error: 'The request could not be encoded as JSON.' };
  }
  const id = nextRequestId++;
  send({
    type: 'request',
    id,
    auth: call?.auth === true,
    method: call?.method,
    url: call?.url,
    headers: call?.headers,
    params: call?.params,
    body: call?.body,
  });
  for (;;) {
    const message = receive();
    if (message?.type === 'response' && message.id === id) return message.reply;
  }
}

/** @param {any} pyodide */
function installHostDevice(pyodide) {
  const FS = pyodide.FS;
  const device = FS.makedev(HOST_DEVICE_MAJOR, 0);
  FS.registerDevice(device, {
    open(/** @type {any} */ stream) {
      stream.junction = { written: [], size: 0, answer: null, offset: 0 };
    },
    close() {},
    write(/** @type {any} */ stream, /** @type {Uint8Array} */ buffer, /** @type {number} */ offset, length) {
      const state = stream.junction;
      if (state.answer) throw new FS.ErrnoError(29); // ESPIPE: one request per open
      state.size += length;
      if (state.size > MAX_REQUEST_BYTES) throw new FS.ErrnoError(27); // EFBIG
      state.written.push(Buffer.from(buffer.subarray(offset, offset + length)));
      return length;
    },
    read(/** @type {any} */ stream, /** @type {Uint8Array} */ buffer, /** @type {number} */ offset, length) {
      const state = stream.junction;
      if (!state.answer) {
        const reply = forwardRequest(Buffer.concat(state.written));
        state.answer = Buffer.from(JSON.stringify(reply ?? { ok: false, error: 'No answer.' }), 'utf8');
      }
      const part = state.answer.subarray(state.offset, state.offset + length);
      buffer.set(part, offset);
      state.offset += part.length;
      return part.length;
    },
  });
  FS.mkdev('/dev/junction', device);
}

/**
 * Empties the two JavaScript objects Python could ever import as modules: the Pyodide API
 * (`pyodide_js`: FS, loadDynlib, _module, _api…) and the globals (`js`, already a bare
 * object). Done after the prelude and before any job, in JavaScript, so no Python code can
 * undo it: a stale reference found by scanning Python's heap leads to an empty, frozen
 * object. (Defence in depth: once the gate is shut, no JavaScript object is reachable anyway.)
 *
 * @param {any} pyodide the object loadPyodide answered (the same object as `pyodide_js`)
 * @param {object} jsglobals
 */
function sealJsBridge(pyodide, jsglobals) {
  for (const key of Reflect.ownKeys(pyodide)) Reflect.deleteProperty(pyodide, key);
  Object.setPrototypeOf(pyodide, null);
  Object.freeze(pyodide);
  Object.freeze(jsglobals);
}

// ---------------------------------------------------------------------------------------
// The Python side: import blocks, process functions removed, the helpers and the runner.

// biome-ignore lint/complexity/noUselessStringRaw: Python source; backslashes added later must stay literal.
const PRELUDE = String.raw`
import builtins, json, os, sys, traceback

_BLOCKED = {
    'js': 'JavaScript is not reachable from custom code',
    'pyodide_js': 'JavaScript is not reachable from custom code',
    'pyodide': 'the Pyodide API is not available in custom code',
    '_pyodide': 'the Pyodide API is not available in custom code',
    '_pyodide_core': 'the Pyodide API is not available in custom code',
    'micropip': 'installing packages is not possible in custom code; only the standard library is available',
    'ctypes': 'ctypes is not available in custom code',
    '_ctypes': 'ctypes is not available in custom code',
    'gc': 'gc is not available in custom code',
    'subprocess': 'there are no processes in the custom-code sandbox',
    'multiprocessing': 'there are no processes in the custom-code sandbox',
    '_posixsubprocess': 'there are no processes in the custom-code sandbox',
    '_testcapi': "CPython's test modules are not available in custom code",
    '_testinternalcapi': "CPython's test modules are not available in custom code",
    '_testlimitedcapi': "CPython's test modules are not available in custom code",
    '_testbuffer': "CPython's test modules are not available in custom code",
    '_testclinic': "CPython's test modules are not available in custom code",
    '_testclinic_limited': "CPython's test modules are not available in custom code",
    '_xxtestfuzz': "CPython's test modules are not available in custom code",
    '_remote_debugging': "CPython's test modules are not available in custom code",
}


class _Blocker:
    def find_spec(self, name, path=None, target=None):
        root = name.partition('.')[0]
        if root in _BLOCKED:
            raise ImportError("'%s' is not available: %s." % (name, _BLOCKED[root]), name=name)
        return None


def _seal_js_bridge():
    # The JavaScript modules ('js', 'pyodide_js') live only in Pyodide's JsFinder: empty it and
    # take it off the import path, so removing _Blocker finds nothing to import. (The objects
    # behind them are emptied on the JavaScript side as well, see sealJsBridge in child.mjs.)
    for finder in list(sys.meta_path):
        proxies = getattr(finder, 'jsproxies', None)
        if isinstance(proxies, dict):
            proxies.clear()
            sys.meta_path.remove(finder)

    def is_js(value):
        return not isinstance(value, type) and any(c.__name__ == 'JsProxy' for c in type(value).__mro__)

    # Pyodide's own modules and their loaders still hold JavaScript objects (the internal API
    # with loadDynlib, the scheduler). gc.get_objects() lists them even once unreachable, so
    # every such reference is dropped; the escape corpus proves with a full heap scan that no
    # JsProxy is left (sandbox.test.ts).
    for name, module in list(sys.modules.items()):
        if name.partition('.')[0] not in _BLOCKED:
            continue
        loader = getattr(getattr(module, '__spec__', None), 'loader', None)
        if is_js(getattr(loader, 'jsproxy', None)):
            loader.jsproxy = None
        if not is_js(module):
            namespace = vars(module)
            for key in [k for k, v in namespace.items() if is_js(v)]:
                del namespace[key]
        del sys.modules[name]


_seal_js_bridge()
del _seal_js_bridge
sys.meta_path.insert(0, _Blocker())


def _denied(name):
    def denied(*args, **kwargs):
        raise PermissionError('os.%s is not available: custom code cannot start processes or signal them.' % name)
    return denied


import posix

for _name in ('system', 'popen', 'fork', 'forkpty', 'kill', 'killpg', 'execl', 'execle', 'execlp', 'execlpe',
              'execv', 'execve', 'execvp', 'execvpe', 'spawnl', 'spawnle', 'spawnlp', 'spawnlpe', 'spawnv',
              'spawnve', 'spawnvp', 'spawnvpe', 'posix_spawn', 'posix_spawnp', 'register_at_fork'):
    for _module in (os, posix):
        if hasattr(_module, _name):
            setattr(_module, _name, _denied(_name))

os.environ.clear()
os.environ.update({'HOME': '/home/user', 'LANG': 'C.UTF-8', 'PATH': '/'})


class RequestError(Exception):
    """A request through the host helper failed before a response arrived (blocked, refused, timed out)."""


def _call_host(auth, method, url, headers, body, params):
    try:
        message = json.dumps({'auth': auth, 'method': method, 'url': url, 'headers': headers,
                              'body': body, 'params': params})
    except (TypeError, ValueError) as error:
        raise RequestError('The request could not be encoded as JSON: %s' % error) from None
    fd = os.open('/dev/junction', os.O_RDWR)
    try:
        data = message.encode('utf-8')
        if len(data) > %(max_request)d:
            raise RequestError('The request is larger than %(max_request)d bytes.')
        os.write(fd, data)
        parts = []
        while True:
            part = os.read(fd, 1 << 20)
            if not part:
                break
            parts.append(part)
    finally:
        os.close(fd)
    reply = json.loads(b''.join(parts).decode('utf-8'))
    if not reply.get('ok'):
        raise RequestError(reply.get('error') or 'The request failed.')
    return {'status': reply['status'], 'headers': reply['headers'], 'body': reply['body']}


def request(method, url, headers=None, body=None, params=None):
    """Sends an HTTP request through Junction and returns {'status', 'headers', 'body'}.

    body: a dict or list is sent as JSON, a str as is; leave it None for GET.
    params: a dict (or a list of [key, value] pairs) added to the query string.
    Raises RequestError when the request is refused or fails before a response arrives.
    """
    return _call_host(False, method, url, headers, body, params)


def authenticated_request(method, url, headers=None, body=None, params=None):
    """Like request(), with the app's authentication (API key, basic, OAuth token) applied."""
    return _call_host(True, method, url, headers, body, params)


_CODE_FILE = '<custom code>'


def _code_line(error):
    line = None
    for frame in traceback.extract_tb(error.__traceback__):
        if frame.filename == _CODE_FILE:
            line = frame.lineno
    return line


def _failure(code, message):
    return json.dumps({'ok': False, 'code': code, 'message': message})


def _describe(error):
    text = str(error)
    return '%s: %s' % (type(error).__name__, text) if text else type(error).__name__


def _junction_run(code, input_data, auth_data, max_output):
    namespace = {'__name__': '__main__', '__builtins__': builtins, 'request': request,
                 'authenticated_request': authenticated_request, 'RequestError': RequestError}
    try:
        compiled = compile(code, _CODE_FILE, 'exec')
    except SyntaxError as error:
        return _failure('syntax-error', 'Custom code has a syntax error on line %s: %s' % (error.lineno, error.msg))
    try:
        exec(compiled, namespace)
        run = namespace.get('run')
        if not callable(run):
            return _failure('no-run-function', 'Custom code must define a function run(inputData, authData).')
        output = run(input_data, auth_data)
        if hasattr(output, '__await__'):
            return _failure('invalid-output', 'run must be a plain function (def, not async def).')
        text = json.dumps(output, allow_nan=False)
    except MemoryError:
        return _failure('memory', 'Custom code ran out of memory.')
    except (TypeError, ValueError) as error:
        if _code_line(error) is None:
            return _failure('invalid-output', 'Custom code must return JSON (a dict, list, str, number, bool or '
                            'None): %s.' % error)
        return _failure('code-error', 'Custom code failed on line %s: %s' % (_code_line(error), _describe(error)))
    except BaseException as error:
        line = _code_line(error)
        where = ' on line %s' % line if line is not None else ''
        return _failure('code-error', 'Custom code failed%s: %s' % (where, _describe(error)))
    if len(text.encode('utf-8')) > max_output:
        return _failure('too-large', 'The output of custom code is larger than %d bytes.' % max_output)
    return '{"ok": true, "output": ' + text + '}'


def _junction_main():
    # Called by child.mjs through the C API once JavaScript is shut off: the job comes from a
    # file and the envelope goes to another, so no JavaScript value is converted for it.
    try:
        with open('%(job_file)s', encoding='utf-8') as file:
            job = json.load(file)
        os.unlink('%(job_file)s')
        envelope = _junction_run(job['code'], job['inputData'], job['authData'], job['maxOutput'])
    except BaseException as error:
        envelope = _failure('code-error', 'Custom code failed: %s' % _describe(error))
    with open('%(result_file)s', 'w', encoding='utf-8') as file:
        file.write(envelope)
`;

// ---------------------------------------------------------------------------------------

/** Where the job and its envelope pass between this script and `_junction_main` (in-memory FS). */
const JOB_DIR = '/run/junction';
const JOB_FILE = `${JOB_DIR}/job.json`;
const RESULT_FILE = `${JOB_DIR}/result.json`;

/**
 * Runs the job with the gate shut: `_junction_main()` through the C API (no PyProxy call, no
 * conversion of a JavaScript value), then reads the envelope it wrote.
 *
 * @param {any} module the Emscripten module
 * @param {any} FS its file system
 * @param {number} driver pointer to the UTF-8 source `_junction_main()`
 * @returns {string} the envelope (JSON text)
 */
function runJob(module, FS, driver) {
  gate.shut = true;
  try {
    module._PyRun_SimpleString(driver);
  } catch (error) {
    if (!(error instanceof JavaScriptUnreachable)) throw error;
  }
  // Checked even when no error came out: a WebAssembly catch-all could have swallowed the throw.
  if (gate.refused) {
    const message = `Custom code failed: JavaScript is not reachable from custom code (it called ${gate.refused}).`;
    return JSON.stringify({ ok: false, code: 'code-error', message });
  }
  try {
    return FS.readFile(RESULT_FILE, { encoding: 'utf8' });
  } catch {
    const message = "Custom code ended without a result (the sandbox's result file was removed).";
    return JSON.stringify({ ok: false, code: 'code-error', message });
  }
}

async function main() {
  const started = performance.now();
  harden();
  installGate();
  const { loadPyodide } = await import(new URL('pyodide.mjs', `file://${pyodideDir}/`).href);
  let logs = '';
  const log = (/** @type {string} */ line) => {
    if (logs.length < MAX_LOG) logs += `${line}\n`.slice(0, MAX_LOG - logs.length);
  };
  const options = {
    indexURL: `${pyodideDir}/`,
    jsglobals: Object.create(null),
    env: { HOME: '/home/user' },
    stdout: log,
    stderr: log,
    stdin: () => null,
  };
  if (mode === 'snapshot') {
    const maker = await loadPyodide({ ...options, _makeSnapshot: true });
    const bytes = maker.makeMemorySnapshot();
    fs.writeFileSync(String(snapshotPath), bytes);
    send({ type: 'snapshot', bytes: bytes.length, startupMs: Math.round(performance.now() - started) });
    process.exit(0);
  }
  const snapshot = snapshotPath && snapshotPath !== '-' ? fs.readFileSync(snapshotPath) : undefined;
  const pyodide = await loadPyodide(snapshot ? { ...options, _loadSnapshot: snapshot } : options);
  if (!gate.installed) throw new Error('Pyodide was instantiated without the JavaScript gate; refusing to run code.');
  installHostDevice(pyodide);
  pyodide.runPython(
    PRELUDE.replaceAll('%(max_request)d', String(MAX_REQUEST_BYTES))
      .replaceAll('%(job_file)s', JOB_FILE)
      .replaceAll('%(result_file)s', RESULT_FILE),
  );
  const module = pyodide._module;
  const FS = pyodide.FS;
  FS.mkdirTree(JOB_DIR);
  const driver = module.stringToNewUTF8('_junction_main()');
  sealJsBridge(pyodide, options.jsglobals);
  logs = '';
  send({ type: 'ready', startupMs: Math.round(performance.now() - started) });

  const job = receive();
  if (job?.type !== 'job') process.exit(2);
  const inputData = job.inputData ?? {};
  const authData = job.authData ?? {};
  FS.writeFile(JOB_FILE, JSON.stringify({ code: String(job.code), inputData, authData, maxOutput: MAX_OUTPUT }));
  const begun = performance.now();
  const envelope = runJob(module, FS, driver);
  const runMs = Math.round(performance.now() - begun);
  // The envelope is JSON text made by the prelude; it is passed through without re-parsing.
  writeLine(`{"type":"result","runMs":${runMs},"logs":${JSON.stringify(logs)},"envelope":${JSON.stringify(envelope)}}`);
  process.exit(0);
}

main().catch((error) => {
  process.stderr.write(`sandbox child failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(3);
});
