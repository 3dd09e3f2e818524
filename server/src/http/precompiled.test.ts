import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { writePrecompiledContract } from './contract-build.js';
import { loadContract, resolveContractPath } from './openapi.js';
import { loadPrecompiledContract, PRECOMPILED_FILES, type PrecompiledContractFile } from './precompiled.js';
import { ContractValidators } from './validation.js';

describe('the contract generated at build time', () => {
  // Inside the server package, as dist/contract is: the generated code requires ajv's runtime.
  const dir = mkdtempSync(path.join(fileURLToPath(new URL('../..', import.meta.url)), '.contract-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const text = readFileSync(resolveContractPath(), 'utf8');
  writePrecompiledContract(dir);

  it('describes the same operations as parsing openapi.yaml at start', () => {
    const precompiled = loadPrecompiledContract(text, dir);
    const parsed = loadContract(resolveContractPath());
    expect(precompiled?.operations).toEqual(parsed.operations);
    expect(precompiled?.document).toEqual(parsed.document);
  });

  it('has a generated validator for every schema an operation validates with', () => {
    const precompiled = loadPrecompiledContract(text, dir);
    if (!precompiled) throw new Error('not loaded');
    const validators = new ContractValidators(precompiled.document, precompiled.validators);
    const before = precompiled.validators.size;
    for (const operation of precompiled.operations) validators.compile(operation);
    // Nothing compiled at start: the cache never grew past what the build generated.
    expect((validators as unknown as { instances: Map<string, unknown> }).instances.size).toBe(0);
    expect(before).toBeGreaterThan(50);
    // Each entry names an export its module has (they are required only when first used).
    const file = JSON.parse(readFileSync(path.join(dir, PRECOMPILED_FILES.contract), 'utf8')) as PrecompiledContractFile;
    const modules = {
      coerce: createRequire(import.meta.url)(path.join(dir, PRECOMPILED_FILES.coerce)),
      strict: createRequire(import.meta.url)(path.join(dir, PRECOMPILED_FILES.strict)),
    };
    for (const [kind, name] of Object.values(file.validators)) expect(typeof modules[kind][name]).toBe('function');
  });

  it('is ignored once openapi.yaml changes (the server then parses and compiles it)', () => {
    expect(loadPrecompiledContract(`${text}\n# edited\n`, dir)).toBeNull();
    expect(loadPrecompiledContract(text, path.join(dir, 'missing'))).toBeNull();
  });

  it('answers a request error naming the field, as the compiled validators do', () => {
    const precompiled = loadPrecompiledContract(text, dir);
    const signUp = precompiled?.operations.find((o) => o.operationId === 'signUp');
    if (!precompiled || !signUp) throw new Error('signUp not found');
    const fromBuild = new ContractValidators(precompiled.document, precompiled.validators).compile(signUp);
    const atStart = new ContractValidators(precompiled.document).compile(signUp);
    const problemOf = (v: typeof fromBuild) => {
      try {
        v.validateRequest({ params: {}, query: {}, headers: {}, body: { email: 'nope' } }, true);
        return null;
      } catch (error) {
        return JSON.parse(JSON.stringify(error));
      }
    };
    const problem = problemOf(fromBuild);
    expect(problem).toMatchObject({ status: 400 });
    expect(problem.field).toMatch(/^body\./);
    expect(problem).toEqual(problemOf(atStart));
  });
});
