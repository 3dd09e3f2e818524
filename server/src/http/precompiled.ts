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
  const require = createRequire(contractFile);
  const modules: Record<AjvKind, Record<string, ValidateFunction>> = {
    coerce: require(path.join(dir, PRECOMPILED_FILES.coerce)),
    strict: require(path.join(dir, PRECOMPILED_FILES.strict)),
  };
  const validators = new Map<string, ValidateFunction>();
  for (const [key, [kind, name]] of Object.entries(file.validators)) {
    const validate = modules[kind]?.[name];
    if (validate) validators.set(key, validate);
  }
  return { text, document: file.document, operations: file.operations, validators };
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

