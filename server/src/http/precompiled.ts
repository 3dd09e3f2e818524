/**
 * Run-time half of the build-time contract (`contract-build.ts`): loads the parsed contract and
 * its generated validators when they were made from exactly the given YAML text (same
 * SHA-256), else answers null and the caller parses and compiles as before. The built server
 * finds them in `server/dist/contract/`; from source (tsx, tests) there are none.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { type ApiContract, loadContract, resolveContractPath } from './openapi.js';
import type { AjvKind, PrecompiledValidators } from './validation.js';

/** What `contract.json` holds (written by `contract-build.ts`). */
export interface PrecompiledContractFile {
  sha256: string;
  document: ApiContract['document'];
  operations: ApiContract['operations'];
  /** Schema key → [which module, export name]. */
  validators: Record<string, [AjvKind, string]>;
}

/** The file names the build writes and this module reads. */
export const PRECOMPILED_FILES = {
  contract: 'contract.json',
  coerce: 'validators-coerce.cjs',
  strict: 'validators-strict.cjs',
} as const;

/** The fingerprint tying generated validators to the YAML text they were made from. */
export function contractFingerprint(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Where the build writes the precompiled contract, next to the bundle. */
export function defaultPrecompiledDir(): string {
  return path.join(path.dirname(fileURLToPath(import.meta.url)), 'contract');
}

/** The parsed contract with its validators, when `dir` holds them for this very `text`. */
export function loadPrecompiledContract(
  text: string,
  dir = defaultPrecompiledDir(),
): (ApiContract & { validators: PrecompiledValidators }) | null {
  const contractFile = path.join(dir, PRECOMPILED_FILES.contract);
  if (!existsSync(contractFile)) return null;
  const file = JSON.parse(readFileSync(contractFile, 'utf8')) as PrecompiledContractFile;
  if (file.sha256 !== contractFingerprint(text)) return null;
  // Each module is required with the first validation it serves: the larger (bodies and answers,
  // 0.6 MB) is not needed to start, nor to answer a request without a body in production.
  const require = createRequire(contractFile);
  const modules: Partial<Record<AjvKind, Record<string, ValidateFunction>>> = {};
  const load = (kind: AjvKind) => {
    modules[kind] ??= require(path.join(dir, PRECOMPILED_FILES[kind])) as Record<string, ValidateFunction>;
    return modules[kind];
  };
  const validators = new Map<string, ValidateFunction>();
  for (const [key, [kind, name]] of Object.entries(file.validators)) {
    validators.set(key, lazyValidator(() => load(kind)[name], `${PRECOMPILED_FILES[kind]} ${name}`));
  }
  return { text, document: file.document, operations: file.operations, validators };
}

/** A validator that requires its generated module when first called; `errors` as Ajv sets them. */
function lazyValidator(find: () => ValidateFunction | undefined, where: string): ValidateFunction {
  let validate: ValidateFunction | undefined;
  const lazy = ((data: unknown) => {
    validate ??= find();
    if (!validate) throw new Error(`The built contract lacks the validator ${where}: rebuild the server.`);
    const isValid = validate(data);
    lazy.errors = validate.errors;
    return isValid;
  }) as ValidateFunction;
  return lazy;
}

let served: ApiContract | undefined;

/**
 * The contract the server serves: `api-spec/openapi.yaml` with the validators the build
 * generated for it when they match its text, else parsed (and later compiled) at start.
 */
export function loadServedContract(): ApiContract {
  if (served) return served;
  const text = readFileSync(resolveContractPath(), 'utf8');
  served = loadPrecompiledContract(text) ?? loadContract();
  return served;
}

