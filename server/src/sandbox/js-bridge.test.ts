import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSandbox, type Sandbox, type SandboxResult } from './runner.js';

// The escape corpus of THREAT-MODEL.md ("No JavaScript from Python"): each known route from
// Python to a JavaScript object, taken with the import blocker already removed (the blocker is
// a courtesy, not the boundary). Each run either ends with the gate's refusal — the attempt
// called a JavaScript function the gate shut before the job — or returns what Python found,
// and nothing it found is a JavaScript object.
vi.setConfig({ testTimeout: 120_000 });
let sandbox: Sandbox;

beforeAll(() => {
  sandbox = createSandbox({ poolSize: 2, maxConcurrent: 2, timeoutMs: 60_000 });
});

afterAll(async () => {
  await sandbox.close();
});

/** Removes the prelude's import blocker from sys.meta_path (a known bypass of a Python-level hook). */
const UNBLOCK = "import sys\nsys.meta_path[:] = [f for f in sys.meta_path if type(f).__name__ != '_Blocker']";
const code = (body: string) => `def run(inputData, authData):\n${body.replace(/^/gm, '    ')}\n`;
const run = (body: string) => sandbox.run({ code: code(`${UNBLOCK}\n${body}`), inputData: {}, authData: {} });

/** The refusal of the JavaScript gate: the run ends, whatever Python tried to catch. */
const REFUSED = /^Custom code failed: JavaScript is not reachable from custom code \(it called [\w$]+\)\.$/;

function expectRefused(result: SandboxResult): void {
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(result.error.code).toBe('code-error');
  expect(result.error.message).toMatch(REFUSED);
}

/** Python code that says whether a value is a JavaScript object (a JsProxy of any kind). */
const IS_JS = [
  'def is_js(value):',
  '    try:',
  '        return not isinstance(value, type) and any(c.__name__ == "JsProxy" for c in type(value).__mro__)',
  '    except Exception:',
  '        return False',
].join('\n');

describe('custom code reaches no JavaScript object', () => {
  it.each([
    [
      '_pyodide_core.create_proxy, then .constructor',
      'import _pyodide_core\nmade = _pyodide_core.create_proxy(lambda: 1)\nreturn "reached %r" % (made.constructor.constructor,)',
    ],
    [
      '_pyodide_core.create_once_callable',
      'import _pyodide_core\nmade = _pyodide_core.create_once_callable(lambda: 1)\nreturn "reached %r" % (made.constructor,)',
    ],
    [
      '_imp.create_builtin with a ModuleSpec for _pyodide_core',
      [
        'import _imp, importlib.machinery',
        'core = _imp.create_builtin(importlib.machinery.ModuleSpec("_pyodide_core", None))',
        'return "reached %r" % (core.create_proxy(print).constructor,)',
      ].join('\n'),
    ],
    [
      'deleting _pyodide_core from sys.modules and importing it again',
      [
        'sys.modules.pop("_pyodide_core", None)',
        'import _pyodide_core',
        'return "reached %r" % (_pyodide_core.create_proxy(print).constructor,)',
      ].join('\n'),
    ],
    [
      '_pyodide_core.to_js',
      'import _pyodide_core\nmade = _pyodide_core.to_js({"a": 1})\nreturn "reached %r" % (type(made).__mro__,)',
    ],
    [
      'calling the JsException type found by an object.__subclasses__() walk',
      [
        'seen, todo, found = set(), [object], []',
        'while todo:',
        '    cls = todo.pop()',
        '    if cls in seen:',
        '        continue',
        '    seen.add(cls)',
        '    if cls.__name__ in ("JsException", "JsProxy", "JsCallable", "JsBuffer"):',
        '        found.append(cls)',
        '    todo.extend(type.__subclasses__(cls))',
        'made = []',
        'for cls in found:',
        '    try:',
        '        made.append(repr(type(cls("boom")).__mro__))',
        '    except TypeError:',
        '        pass',
        'return "reached %r" % made if made else "no JsProxy type could be constructed (%d found)" % len(found)',
      ].join('\n'),
    ],
    [
      'ctypes: calling a JavaScript import of the WebAssembly module',
      ['import ctypes', 'lib = ctypes.CDLL(None)', 'return "reached %r" % (lib.JsvObject_New(),)'].join('\n'),
    ],
    [
      '_ctypes directly, for raw memory access without a foreign call',
      [
        'import _ctypes',
        'class c_int(_ctypes._SimpleCData):',
        '    _type_ = "i"',
        'return "reached memory %d" % c_int.from_address(id(12345)).value',
      ].join('\n'),
    ],
  ])('%s: refused by the gate', async (_name, body) => {
    expectRefused(await run(body));
  });

  it('finds no JavaScript object by a gc heap scan, frame walks or function globals', async () => {
    const body = [
      IS_JS,
      'import gc',
      'out = {}',
      'out["gc"] = [repr(o) for o in gc.get_objects() for r in [o, *gc.get_referents(o)] if is_js(r)][:3]',
      'frame, frames = sys._getframe(), []',
      'while frame is not None:',
      '    frames.append(frame)',
      '    frame = frame.f_back',
      'values = [v for f in frames for v in [*f.f_globals.values(), *f.f_locals.values()]]',
      'values += [v for g in (request.__globals__, authenticated_request.__globals__) for v in g.values()]',
      'values += [c.cell_contents for v in values if callable(v) for c in (getattr(v, "__closure__", None) or ())]',
      'out["frames"] = len(frames)',
      'out["frame and globals"] = [repr(v) for v in values if is_js(v)]',
      'return out',
    ].join('\n');
    const result = await run(body);
    expect(result).toMatchObject({ ok: true, output: { gc: [], 'frame and globals': [] } });
    expect((result as { output: { frames: number } }).output.frames).toBeGreaterThan(1);
  });

  it('cannot construct a JsProxy type of _pyodide_core.jsproxy_typedict without arguments', async () => {
    const body = [
      'import _pyodide_core',
      'made = []',
      'for cls in list(_pyodide_core.jsproxy_typedict.values()):',
      '    try:',
      '        made.append(repr(cls()))',
      '    except TypeError:',
      '        pass',
      'return "reached %r" % made if made else "no JsProxy type could be constructed"',
    ].join('\n');
    expect(await run(body)).toMatchObject({ ok: true, output: 'no JsProxy type could be constructed' });
  });

  it('refuses even when the code catches every exception around the attempt', async () => {
    const body = [
      'try:',
      '    import _pyodide_core',
      '    made = _pyodide_core.create_proxy(print)',
      'except BaseException as error:',
      '    return "caught %r" % (error,)',
      'return "reached %r" % (made,)',
    ].join('\n');
    expectRefused(await run(body));
  });

  it('still runs normal code, prints and sockets fail as before after the corpus', async () => {
    const body = [
      'import socket, datetime, random, json',
      'print("hello")',
      'try:',
      '    socket.create_connection(("127.0.0.1", 9), timeout=1)',
      '    sock = "connected"',
      'except OSError as error:',
      '    sock = type(error).__name__',
      'return {"sock": sock, "year": datetime.datetime.now().year > 2000, "r": random.random() < 1}',
    ].join('\n');
    const result = await run(body);
    expect(result).toMatchObject({ ok: true, output: { year: true, r: true }, logs: 'hello\n' });
    expect((result as { output: { sock: string } }).output.sock).not.toBe('connected');
  });
});
