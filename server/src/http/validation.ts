/**
 * Request and response validation against the contract with Ajv (JSON Schema 2020-12, as
 * OpenAPI 3.1 uses). The built server takes the validators generated at build time
 * (`contract-build.ts`, `precompiled.ts`); from source each distinct schema is compiled once,
 * when the app starts. Failures name the field: `body.email`, `query.since`, `params.id`,
 * `headers.x-name`.
 */
import { createRequire } from 'node:module';
import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { Problem } from '../kernel/errors.js';
import type { JsonSchema, OpenApiDocument, OperationSpec, ParameterSpec } from './openapi.js';

/**
 * Ajv's compiler and ajv-formats, loaded when a schema is compiled: the built server runs the
 * generated validators and starts without them.
 */
function loadAjv(): { Ajv2020: typeof Ajv2020; addFormats: (ajv: Ajv2020) => Ajv2020 } {
  const require = createRequire(import.meta.url);
  const formats = require('ajv-formats') as { default?: (ajv: Ajv2020) => Ajv2020 };
  return {
    Ajv2020: (require('ajv/dist/2020.js') as { Ajv2020: typeof Ajv2020 }).Ajv2020,
    addFormats: formats.default ?? (formats as unknown as (ajv: Ajv2020) => Ajv2020),
  };
}

/** Where the contract is registered in Ajv; component references are rewritten to point here. */
const CONTRACT_ID = 'junction-contract';

/** One request part as the validators see it. */
export interface RequestParts {
  params: unknown;
  query: unknown;
  headers: unknown;
  body: unknown;
}

/** The compiled validators of one operation. */
export interface OperationValidators {
  /** Checks and coerces the request in place; throws a 400 Problem naming the first bad field. */
  validateRequest(parts: RequestParts, hasBody: boolean): void;
  /** Returns a description of what is wrong with a JSON answer, or null when it matches the contract. */
  checkResponse(status: number, body: unknown): string | null;
}

/** Which Ajv instance a schema compiles with: coercing (params, query, headers) or strict (bodies, answers). */
export type AjvKind = 'coerce' | 'strict';

/** One schema an operation validates with, references anchored to the registered contract. */
export interface PlannedSchema {
  kind: AjvKind;
  schema: JsonSchema;
  /** Identifies the schema among all the contract's: equal keys compile to the same validator. */
  key: string;
}

/** The schemas of one operation's validators, before compiling. */
export interface OperationSchemas {
  params: PlannedSchema | null;
  query: PlannedSchema | null;
  headers: PlannedSchema | null;
  body: PlannedSchema | null;
  /** By response status ('200', '4XX', 'default'); null when the answer has no JSON body. */
  responses: Record<string, PlannedSchema | null>;
}

/** Validators generated ahead of time, by `PlannedSchema.key`. */
export type PrecompiledValidators = ReadonlyMap<string, ValidateFunction>;

/** The Ajv instance of one kind, as the server and the build both configure it. */
export function createAjv(kind: AjvKind, options: { source?: boolean } = {}): Ajv2020 {
  const coerce = kind === 'coerce';
  const { Ajv2020, addFormats } = loadAjv();
  const ajv = new Ajv2020({
    code: { source: options.source === true },
    allErrors: false,
    strict: false,
    allowUnionTypes: true,
    coerceTypes: coerce ? 'array' : false,
    useDefaults: coerce,
    discriminator: true,
  });
  addFormats(ajv);
  // OpenAPI annotations that are not JSON Schema keywords.
  for (const keyword of ['example', 'xml', 'externalDocs', 'x-internal']) ajv.addKeyword(keyword);
  return ajv;
}

/** Rewrites `#/components/...` references so a fragment compiles against the registered contract. */
function anchorRefs(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(anchorRefs);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    out[key] =
      key === '$ref' && typeof value === 'string' && value.startsWith('#/')
        ? `${CONTRACT_ID}${value}`
        : anchorRefs(value);
  }
  return out;
}

/** Turns a JSON pointer into the dotted field name callers see: `/steps/0/name` → `steps.0.name`. */
function dotted(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

/** Describes an Ajv error as a field and a sentence: `body.email must match format "email"`. */
export function describeError(location: string, error: ErrorObject): { field: string; message: string } {
  const base = [location, dotted(error.instancePath)].filter(Boolean).join('.');
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') {
    const field = `${base}.${String(params.missingProperty)}`;
    return { field, message: `${field} is required.` };
  }
  if (error.keyword === 'additionalProperties' || error.keyword === 'unevaluatedProperties') {
    const name = String(params.additionalProperty ?? params.unevaluatedProperty);
    const field = `${base}.${name}`;
    return { field, message: `${field} is not an accepted field.` };
  }
  return { field: base, message: `${base} ${error.message ?? 'is invalid'}.` };
}

function badRequest(location: string, errors: ErrorObject[] | null | undefined): Problem {
  const described = (errors ?? []).map((e) => describeError(location, e));
  const first = described[0] ?? { field: location, message: `${location} is invalid.` };
  return new Problem(400, 'Bad Request', { detail: first.message, field: first.field, errors: described });
}

/** The Ajv schema that registers the whole contract, so component references resolve. */
export function contractRoot(document: OpenApiDocument): JsonSchema {
  return { $id: CONTRACT_ID, components: document.components ?? {} };
}

function planned(kind: AjvKind, raw: unknown): PlannedSchema {
  const schema = anchorRefs(raw) as JsonSchema;
  return { kind, schema, key: `${kind === 'strict' ? 's' : 'c'}:${JSON.stringify(schema)}` };
}

/** Lists the schemas one operation validates with (the build generates exactly these). */
export function planOperation(operation: OperationSpec): OperationSchemas {
  const byPlace = (place: ParameterSpec['in']) => {
    const parameters = operation.parameters.filter((p) => p.in === place);
    return parameters.length ? planned('coerce', objectSchema(parameters)) : null;
  };
  const responses: Record<string, PlannedSchema | null> = {};
  for (const [status, schema] of Object.entries(operation.responses)) {
    responses[status] = schema ? planned('strict', schema) : null;
  }
  return {
    params: byPlace('path'),
    query: byPlace('query'),
    headers: byPlace('header'),
    body: operation.body ? planned('strict', operation.body.schema) : null,
    responses,
  };
}

function objectSchema(parameters: ParameterSpec[]): JsonSchema {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const p of parameters) {
    // HTTP header names arrive lower-cased from Node.
    const name = p.in === 'header' ? p.name.toLowerCase() : p.name;
    properties[name] = p.schema ?? {};
    if (p.required || p.in === 'path') required.push(name);
  }
  return { type: 'object', properties, required };
}

/**
 * Compiles request and response validators for every operation of a contract, taking each
 * from `precompiled` when the build generated it for this very contract.
 */
export class ContractValidators {
  private readonly root: JsonSchema;
  private readonly instances = new Map<AjvKind, Ajv2020>();
  // Many operations share schemas (Workflow, Credential…): compile each distinct one once.
  private readonly cache: Map<string, ValidateFunction>;

  constructor(document: OpenApiDocument, precompiled?: PrecompiledValidators) {
    this.root = contractRoot(document);
    this.cache = new Map(precompiled);
  }

  private compileOnce(plan: PlannedSchema): ValidateFunction {
    let validate = this.cache.get(plan.key);
    if (!validate) {
      let ajv = this.instances.get(plan.kind);
      if (!ajv) {
        // Created on first need: the built server usually needs none.
        ajv = createAjv(plan.kind);
        ajv.addSchema(this.root);
        this.instances.set(plan.kind, ajv);
      }
      validate = ajv.compile(plan.schema);
      this.cache.set(plan.key, validate);
    }
    return validate;
  }

  /** Builds the validators of one operation; compiling throws if the contract's schemas are broken. */
  compile(operation: OperationSpec): OperationValidators {
    const plan = planOperation(operation);
    const compiled = (p: PlannedSchema | null) => (p ? this.compileOnce(p) : null);
    const parts: [keyof RequestParts, string, ValidateFunction | null][] = [
      ['params', 'params', compiled(plan.params)],
      ['query', 'query', compiled(plan.query)],
      ['headers', 'headers', compiled(plan.headers)],
    ];
    const body = operation.body;
    const bodyValidator = compiled(plan.body);
    const responseValidators = new Map<string, ValidateFunction | null>();
    for (const [status, schema] of Object.entries(plan.responses)) responseValidators.set(status, compiled(schema));

    return {
      validateRequest(request, hasBody) {
        for (const [key, location, validate] of parts) {
          if (validate && !validate(request[key] ?? {})) throw badRequest(location, validate.errors);
        }
        if (!body) return;
        if (!hasBody) {
          if (body.required) throw new Problem(400, 'Bad Request', { detail: 'body is required.', field: 'body' });
          return;
        }
        if (bodyValidator && !bodyValidator(request.body)) throw badRequest('body', bodyValidator.errors);
      },
      checkResponse(status, payload) {
        const key = responseValidators.has(String(status))
          ? String(status)
          : responseValidators.has(`${String(status)[0]}XX`)
            ? `${String(status)[0]}XX`
            : responseValidators.has('default')
              ? 'default'
              : null;
        if (key === null) return `status ${status} is not declared`;
        const validate = responseValidators.get(key);
        if (!validate)
          return payload === undefined || payload === null ? null : `status ${status} declares no JSON body`;
        if (validate(payload)) return null;
        return (validate.errors ?? []).map((e) => describeError('response', e).message).join(' ');
      },
    };
  }
}
