/**
 * Build-time half of the contract: parses `openapi.yaml`, lists its operations and generates
 * the standalone code of every validator they need (Ajv's `ajv/dist/standalone`), so the built
 * server starts without parsing YAML or compiling schemas. tsup runs it after bundling
 * (`server/tsup.config.ts`); `precompiled.ts` loads what it writes.
 *
 * Written into `outDir`:
 * - `contract.json`: the SHA-256 of the YAML text it came from, the parsed document, the
 *   operations, and which generated export validates each schema key;
 * - `validators-coerce.cjs`, `validators-strict.cjs`: one module per Ajv configuration.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { loadContract, resolveContractPath } from './openapi.js';
import { contractFingerprint, PRECOMPILED_FILES, type PrecompiledContractFile } from './precompiled.js';
import { type AjvKind, contractRoot, createAjv, type PlannedSchema, planOperation } from './validation.js';

// The standalone export is CommonJS; under NodeNext its default import may be the module object.
const toStandalone = ((standaloneModule as unknown as { default?: unknown }).default ?? standaloneModule) as (
  ajv: Ajv2020,
  refs: Record<string, string> | undefined,
) => string;

/** Generates the precompiled contract from `yamlFile` (default: api-spec's openapi.yaml) into `outDir`. */
export function writePrecompiledContract(outDir: string, yamlFile?: string): PrecompiledContractFile {
  const contract = loadContract(yamlFile ?? resolveContractPath());
  const kinds: AjvKind[] = ['coerce', 'strict'];
  const exportsByKind = new Map<AjvKind, Record<string, string>>(kinds.map((k) => [k, {}]));
  const ajvs = new Map(
    kinds.map((kind) => {
      const ajv = createAjv(kind, { source: true });
      ajv.addSchema(contractRoot(contract.document));
      return [kind, ajv] as const;
    }),
  );
  const validators: Record<string, [AjvKind, string]> = {};
  const add = (plan: PlannedSchema | null) => {
    if (!plan || validators[plan.key]) return;
    const name = `v${Object.keys(validators).length}`;
    validators[plan.key] = [plan.kind, name];
    ajvs.get(plan.kind)?.addSchema(plan.schema, name);
    const names = exportsByKind.get(plan.kind);
    if (names) names[name] = name;
  };
  for (const operation of contract.operations) {
    const plan = planOperation(operation);
    for (const part of [plan.params, plan.query, plan.headers, plan.body, ...Object.values(plan.responses)]) add(part);
  }
  mkdirSync(outDir, { recursive: true });
  for (const kind of kinds) {
    const ajv = ajvs.get(kind);
    if (!ajv) continue;
    writeFileSync(path.join(outDir, PRECOMPILED_FILES[kind]), toStandalone(ajv, exportsByKind.get(kind)));
  }
  const file: PrecompiledContractFile = {
    sha256: contractFingerprint(contract.text),
    document: contract.document,
    operations: contract.operations,
    validators,
  };
  writeFileSync(path.join(outDir, PRECOMPILED_FILES.contract), JSON.stringify(file));
  return file;
}
