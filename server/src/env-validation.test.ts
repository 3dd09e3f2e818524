import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ENV_SCHEMA } from './env.js';
import { loadEnvValidator, writeEnvValidator } from './env-validation.js';

const dir = mkdtempSync(path.join(tmpdir(), 'junction-env-validator-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SAMPLES: Record<string, string>[] = [
  {},
  { PORT: '8080', PUBLIC_URL: 'https://junction.example.com' },
  { PORT: 'abc', PUBLIC_URL: 'not a url', NODE_ENV: 'staging' },
  { PORT: '1.5', LOG_LEVEL: 'debug' },
  { PORT: '-1', NODE_ENV: 'production' },
];

describe('the environment validator generated at build time', () => {
  it('answers as the compiled one: the same verdicts, values, defaults and errors', () => {
    writeEnvValidator(ENV_SCHEMA, dir);
    const built = loadEnvValidator(ENV_SCHEMA, dir);
    const compiled = loadEnvValidator(ENV_SCHEMA, path.join(dir, 'absent'));
    expect(built).not.toBe(compiled);
    for (const sample of SAMPLES) {
      const a = { ...sample };
      const b = { ...sample };
      expect(built(a), JSON.stringify(sample)).toBe(compiled(b));
      expect(a).toEqual(b);
      expect(built.errors?.map((e) => e.instancePath)).toEqual(compiled.errors?.map((e) => e.instancePath));
    }
  });

  it('is not used once the schema differs from the one it was built from', () => {
    writeEnvValidator(ENV_SCHEMA, dir);
    const changed = { ...ENV_SCHEMA, PORT: { ...ENV_SCHEMA.PORT, maximum: 100 } };
    const validate = loadEnvValidator(changed, dir);
    expect(validate({ PORT: '8080' })).toBe(false);
  });

  it('falls back to compiling when the generated file is not a validator', () => {
    const other = mkdtempSync(path.join(tmpdir(), 'junction-env-broken-'));
    writeFileSync(path.join(other, 'env.cjs'), 'exports.nothing = 1;\n');
    expect(loadEnvValidator(ENV_SCHEMA, other)({ PORT: '80' })).toBe(true);
    rmSync(other, { recursive: true, force: true });
  });
});
