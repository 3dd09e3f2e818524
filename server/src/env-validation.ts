/**
 * The Ajv validator of the environment schema (./env.ts), made once at build time: tsup writes
 * its standalone code into `server/dist/contract/env.cjs` (with the schema's SHA-256), so the
 * built server checks its variables with Ajv's generated code without loading Ajv's compiler
 * at start. From source (tsx, tests), or when the schema changed since the build, Ajv compiles
 * it at start as before. Both apply the same options: coerce numbers, apply defaults, report
 * every bad variable.
 */
import { createHash } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Ajv as AjvClass, ValidateFunction } from 'ajv';

const require = createRequire(import.meta.url);
/** The generated module and the module of the formats it requires, next to the bundle. */
const FILES = { validator: 'env.cjs', formats: 'env-formats.cjs' } as const;
/** `format: 'uri'`: an absolute URL, as the URL parser reads it. */
const FORMATS_SOURCE = 'module.exports = { uri: (value) => URL.canParse(value) };\n';

/** The fingerprint tying the generated code to the schema it came from. */
function fingerprint(properties: object): string {
  return createHash('sha256').update(JSON.stringify(properties)).digest('hex');
}

function createEnvAjv(source: boolean): AjvClass {
  const { Ajv, _ } = require('ajv') as typeof import('ajv');
  const ajv = new Ajv({
    coerceTypes: true,
    useDefaults: true,
    allErrors: true,
    strict: false,
    ...(source ? { code: { source: true, formats: _`require(${`./${FILES.formats}`})` } } : {}),
  });
  ajv.addFormat('uri', (value: string) => URL.canParse(value));
  return ajv;
}

/**
 * The validator of `{ type: 'object', properties }`: the built one when `dir` holds it for this
 * very schema, else compiled now.
 */
export function loadEnvValidator(
  properties: object,
  dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'contract'),
): ValidateFunction {
  const file = path.join(dir, FILES.validator);
  if (existsSync(file)) {
    const built = require(file) as { fingerprint?: string; validate?: ValidateFunction };
    if (built.fingerprint === fingerprint(properties) && built.validate) return built.validate;
  }
  return createEnvAjv(false).compile({ type: 'object', properties });
}

/** Writes the standalone validator of `properties` (and its formats) into `dir` (the build). */
export function writeEnvValidator(properties: object, dir: string): void {
  const standalone = require('ajv/dist/standalone') as {
    default: (ajv: AjvClass, refs: Record<string, string>) => string;
  };
  const ajv = createEnvAjv(true);
  ajv.addSchema({ type: 'object', properties }, 'env');
  const code = standalone.default(ajv, { validate: 'env' });
  writeFileSync(
    path.join(dir, FILES.validator),
    `${code}\nexports.fingerprint = ${JSON.stringify(fingerprint(properties))};\n`,
  );
  writeFileSync(path.join(dir, FILES.formats), FORMATS_SOURCE);
}
