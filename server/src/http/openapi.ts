/**
 * Reads `api-spec/openapi.yaml` once and describes its operations: method, Fastify URL,
 * parameters, JSON request body and JSON responses, with every `$ref` to parameters, request
 * bodies and responses resolved. Schemas keep their `#/components/schemas/...` references;
 * `validation.ts` compiles them against the whole document. The built server reads all of
 * this, validators included, from what the build generated (`precompiled.ts`
 * `loadServedContract`).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv/dist/2020.js';

/** A JSON Schema object as written in the contract. */
export type JsonSchema = Record<string, unknown>;

/** The parts of an OpenAPI 3.1 document the server reads. */
export interface OpenApiDocument {
  openapi: string;
  info?: { title?: string; version?: string };
  servers?: { url: string }[];
  security?: Record<string, string[]>[];
  paths?: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
}

/** One parameter of an operation, `$ref` resolved. */
export interface ParameterSpec {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

/** One operation of the contract, ready to become a Fastify route. */
export interface OperationSpec {
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';
  /** The path as the contract writes it, with the server prefix: `/api/workflows/{id}`. */
  path: string;
  /** The same path in Fastify's syntax: `/api/workflows/:id`. */
  url: string;
  parameters: ParameterSpec[];
  /** JSON schema of the request body when the operation takes JSON. */
  body?: { required: boolean; schema: JsonSchema; mediaTypes: string[] };
  /** True when the request body is raw bytes (an upload), read as a Buffer. */
  isRawBody: boolean;
  /** JSON schema per response status ('200', '4XX', 'default'); `null` when the answer has no JSON body. */
  responses: Record<string, JsonSchema | null>;
  /** True when a bearer session is required (no anonymous `{}` alternative in `security`). */
  requiresAuth: boolean;
  /** True when the caller may send a session but need not. */
  acceptsAuth: boolean;
  tags: string[];
}

/** A loaded contract: the raw text (served at /api/openapi.yaml) and its parsed form. */
export interface ApiContract {
  text: string;
  document: OpenApiDocument;
  operations: OperationSpec[];
  /** Validators generated at build time for exactly this text, by schema key (built server only). */
  validators?: ReadonlyMap<string, ValidateFunction>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const;

/** Finds `openapi.yaml` through the `@junction/api-spec` workspace package, so it works from src and dist. */
export function resolveContractPath(): string {
  return createRequire(import.meta.url).resolve('@junction/api-spec/openapi.yaml');
}

/** Follows a local `#/components/...` reference; other objects come back unchanged. */
export function resolveRef<T>(document: OpenApiDocument, value: T): T {
  let current: unknown = value;
  for (let hops = 0; hops < 10; hops++) {
    const ref = (current as { $ref?: unknown } | null)?.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/')) return current as T;
    let target: unknown = document;
    for (const part of ref.slice(2).split('/')) {
      target = (target as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    if (target === undefined) throw new Error(`openapi.yaml: unresolved reference ${ref}`);
    current = target;
  }
  throw new Error('openapi.yaml: reference cycle');
}

/** Converts `{id}` path templates to Fastify's `:id`. */
export function toFastifyUrl(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}

function serverPrefix(servers: { url: string }[] | undefined): string {
  const url = servers?.[0]?.url;
  if (!url) return '';
  const pathname = url.startsWith('/') ? url : new URL(url, 'http://localhost').pathname;
  return pathname.replace(/\/+$/, '');
}

function jsonSchemaOf(
  document: OpenApiDocument,
  content: unknown,
): { schema: JsonSchema; mediaTypes: string[] } | null {
  if (!content || typeof content !== 'object') return null;
  const types = Object.keys(content);
  const json = types.find((t) => /^application\/([\w.+-]+\+)?json/i.test(t));
  if (!json) return null;
  const media = resolveRef(document, (content as Record<string, { schema?: JsonSchema }>)[json]);
  return { schema: media?.schema ?? {}, mediaTypes: types };
}

/** Lists every operation in the document, in document order. */
export function listOperations(document: OpenApiDocument): OperationSpec[] {
  const operations: OperationSpec[] = [];
  const globalPrefix = serverPrefix(document.servers);
  for (const [rawPath, rawItem] of Object.entries(document.paths ?? {})) {
    const item = resolveRef(document, rawItem) as Record<string, unknown>;
    const pathServers = item.servers as { url: string }[] | undefined;
    const path = `${pathServers ? serverPrefix(pathServers) : globalPrefix}${rawPath}`;
    const shared = ((item.parameters as unknown[]) ?? []).map((p) => resolveRef(document, p) as ParameterSpec);
    for (const method of METHODS) {
      const op = item[method] as Record<string, unknown> | undefined;
      if (!op) continue;
      const own = ((op.parameters as unknown[]) ?? []).map((p) => resolveRef(document, p) as ParameterSpec);
      // An operation's own parameter replaces a path-level one of the same name and place.
      const parameters = [...shared.filter((s) => !own.some((o) => o.name === s.name && o.in === s.in)), ...own];
      const requestBody = op.requestBody ? resolveRef(document, op.requestBody as Record<string, unknown>) : undefined;
      const bodyJson = requestBody ? jsonSchemaOf(document, requestBody.content) : null;
      const responses: Record<string, JsonSchema | null> = {};
      for (const [status, raw] of Object.entries((op.responses as Record<string, unknown>) ?? {})) {
        const response = resolveRef(document, raw) as { content?: unknown };
        responses[status] = jsonSchemaOf(document, response.content)?.schema ?? null;
      }
      const security = (op.security as Record<string, string[]>[] | undefined) ?? document.security ?? [];
      const isAnonymousAllowed = security.length === 0 || security.some((s) => Object.keys(s).length === 0);
      operations.push({
        operationId: String(op.operationId ?? `${method}${rawPath}`),
        method: method.toUpperCase() as OperationSpec['method'],
        path,
        url: toFastifyUrl(path),
        parameters,
        body: bodyJson ? { required: requestBody?.required === true, ...bodyJson } : undefined,
        isRawBody: !bodyJson && Boolean(requestBody?.content),
        responses,
        requiresAuth: !isAnonymousAllowed,
        acceptsAuth: security.length > 0,
        tags: (op.tags as string[] | undefined) ?? [],
      });
    }
  }
  return operations;
}

let cached: ApiContract | undefined;

/**
 * Loads and parses the contract. The default file is read once per process and shared.
 *
 * @example
 * const { operations } = loadContract();
 * operations.find((o) => o.operationId === 'getWorkflow')?.url; // '/api/workflows/:id'
 */
export function loadContract(file?: string): ApiContract {
  if (!file && cached) return cached;
  const text = readFileSync(file ?? resolveContractPath(), 'utf8');
  // Loaded only when needed: the built server never parses YAML.
  const { parse } = createRequire(import.meta.url)('yaml') as typeof import('yaml');
  const document = parse(text) as OpenApiDocument;
  if (!document || typeof document.openapi !== 'string') throw new Error('openapi.yaml: not an OpenAPI document');
  const contract = { text, document, operations: listOperations(document) };
  if (!file) cached = contract;
  return contract;
}
