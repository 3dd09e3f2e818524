// The files of the throw-away consumer projects the package test installs @junction/core into.
// Each consumer is a plain npm project: ESM and CJS probes run under Node, and two tsconfigs
// (strict; node16 and bundler resolution) compile TypeScript
// that uses both entries and every TypeScript example of core/README.md.

/** What a probe prints as its one JSON line. */
export interface ProbeResult {
  mobxMajor: number;
  reactionRuns: number[];
  undone: string | null;
  migrated: number | false;
  plan: string | null;
  freshValid: boolean;
  issues: string[];
}

/** The probe's body, for `import` (ESM) or `require` (CJS). */
function probe(esm: boolean): string {
  const load = (spec: string) => (esm ? `await import('${spec}')` : `require('${spec}')`);
  return `
const core = ${load('@junction/core')};
const doc = ${load('@junction/core/document')};
const mobx = ${load('mobx')};
const pkg = ${esm ? "(await import('node:module')).createRequire(import.meta.url)('mobx/package.json')" : "require('mobx/package.json')"};
let next = 0;
const env = { newId: () => 'id-' + ++next, now: () => 0 };
const workflow = core.createWorkflowModel(core.createNewWorkflow(env), env);
// One MobX: a reaction made with the consumer's mobx sees the model's changes.
const runs = [];
mobx.reaction(() => workflow.steps.length, (n) => runs.push(n));
const trigger = workflow.steps[0];
workflow.addStep({ kind: 'action', position: { x: 220, y: 440 } }, { parentId: trigger.id });
const undone = workflow.undo() ?? null;
const legacy = JSON.parse(${esm ? "(await import('node:fs')).readFileSync('tiny.json', 'utf8')" : "require('node:fs').readFileSync('tiny.json', 'utf8')"});
const migrated = doc.migrateDocument(legacy);
const fresh = core.createNewWorkflow(env);
console.log(JSON.stringify({
  mobxMajor: Number(pkg.version.split('.')[0]),
  reactionRuns: runs,
  undone,
  migrated: migrated.ok && migrated.fromVersion,
  plan: migrated.ok ? doc.compileWorkflow(migrated.document).trigger.stepId : null,
  freshValid: doc.validateDocument(fresh).ok,
  issues: core.findIssues(fresh).map((i) => i.code),
}));
`;
}

/** The ESM probe (run as `node esm.mjs`). */
export const ESM_PROBE = probe(true);
/** The CommonJS probe (run as `node cjs.cjs`). */
export const CJS_PROBE = probe(false);

/**
 * Loads only `@junction/core/document` with require and lists every package file it loaded:
 * the light entry must load no mobx, mobx-state-tree or dagre.
 */
export const DOCUMENT_ONLY_PROBE = `
const doc = require('@junction/core/document');
const result = doc.migrateDocument({ name: 'L', active: false, current_state: {}, elements: [] });
const loaded = Object.keys(require.cache)
  .filter((f) => f.includes('node_modules'))
  .map((f) => f.split(/node_modules[\\\\/]/).pop().split(/[\\\\/]/))
  .map((parts) => (parts[0].startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]))
  .filter((p, i, all) => all.indexOf(p) === i);
console.log(JSON.stringify({ ok: result.ok, loaded }));
`;

/** TypeScript using both entries, from an ES module. */
export const TS_ESM = `
import { createApiClient, createNewWorkflow, createWorkflowModel, type IWorkflow, isApiError } from '@junction/core';
import { compileWorkflow, migrateDocument, type WorkflowPlan } from '@junction/core/document';

const env = { newId: () => 'x', now: () => 0 };
const workflow: IWorkflow = createWorkflowModel(createNewWorkflow(env), env);
const count: number = workflow.steps.length;
const result = migrateDocument({});
const plan: WorkflowPlan | null = result.ok ? compileWorkflow(result.document) : null;
const api = createApiClient({ baseUrl: 'http://127.0.0.1:1', fetch: globalThis.fetch });
export async function names(): Promise<string[]> {
  try {
    const list = await api.get('/api/workflows');
    return list.items.map((w) => w.name);
  } catch (error) {
    if (isApiError(error)) return [error.problem.title];
    throw error;
  }
}
// @ts-expect-error the typed client rejects a path the contract does not have
api.get('/api/no-such-route');
export { count, plan };
`;

/** TypeScript using both entries from a CommonJS module (`.cts`, the require conditions). */
export const TS_CJS = `
import core = require('@junction/core');
import doc = require('@junction/core/document');
const ok: boolean = doc.validateDocument({}).ok;
const steps: number = core.createNewWorkflow({ newId: () => 'x', now: () => 0 }).steps.length;
export = { ok, steps };
`;

/** Declarations the README examples assume from their surroundings. */
export const README_PRELUDE = `
import type { WorkflowDocument } from '@junction/core';
declare const json: unknown;
declare const document: WorkflowDocument;
declare const email: string;
declare const password: string;
`;

/** The ```ts blocks of a README, each as its own module (with the prelude). */
export function readmeExamples(markdown: string): string[] {
  const blocks = [...markdown.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]);
  return blocks.map((code) => `${README_PRELUDE}\n${code}\nexport {};\n`);
}

/**
 * The two strict tsconfigs: node16 and bundler resolution. `skipLibCheck` stays on: mobx's
 * and mobx-state-tree's own declarations do not pass a full check (ES2024 lib names, internal
 * re-exports); core's declarations are held by the checks that use them (an unresolved import
 * would turn the typed client into `any` and fail the `@ts-expect-error` line).
 */
export function tsconfigs(): Record<string, string> {
  const common = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: 'ES2022',
    lib: ['ES2023', 'DOM'],
    types: ['node'],
  };
  return {
    'tsconfig.node16.json': JSON.stringify({
      compilerOptions: { ...common, module: 'node16', moduleResolution: 'node16' },
      include: ['src'],
    }),
    'tsconfig.bundler.json': JSON.stringify({
      compilerOptions: { ...common, module: 'esnext', moduleResolution: 'bundler' },
      include: ['src/*.ts'],
    }),
  };
}
