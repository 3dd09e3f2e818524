/**
 * Builds the smallest JSON value that satisfies a contract schema (required properties only,
 * first enum value, first `anyOf` branch), so tests can reach a handler of any operation
 * without writing a body per operation.
 */
import type { JsonSchema, OpenApiDocument } from '../../server/src/http/openapi.js';
import { resolveRef } from '../../server/src/http/openapi.js';

const FORMAT_SAMPLES: Record<string, string> = {
  email: 'sample@example.com',
  'date-time': '2024-01-01T00:00:00.000Z',
  date: '2024-01-01',
  uri: 'https://example.com/',
  url: 'https://example.com/',
  uuid: '00000000-0000-4000-8000-000000000000',
};

/** A minimal valid instance of `schema`; `depth` stops runaway recursion in self-referencing schemas. */
export function sampleOf(document: OpenApiDocument, input: JsonSchema | boolean | undefined, depth = 0): unknown {
  // Boolean schemas: `true` takes anything, `false` nothing (an empty array's `items: false`).
  if (typeof input === 'boolean') return input ? {} : null;
  const schema = resolveRef(document, input ?? {}) as JsonSchema;
  if (depth > 12) return null;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (Array.isArray(schema.anyOf)) return sampleOf(document, schema.anyOf[0] as JsonSchema, depth + 1);
  if (Array.isArray(schema.oneOf)) return sampleOf(document, schema.oneOf[0] as JsonSchema, depth + 1);
  if (Array.isArray(schema.allOf)) {
    return Object.assign({}, ...schema.allOf.map((s) => sampleOf(document, s as JsonSchema, depth + 1) as object));
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      for (const key of (schema.required as string[] | undefined) ?? [])
        out[key] = sampleOf(document, properties[key], depth + 1);
      return out;
    }
    case 'array': {
      const min = Number(schema.minItems ?? 0);
      return Array.from({ length: min }, () => sampleOf(document, schema.items as JsonSchema, depth + 1));
    }
    case 'string': {
      const format = FORMAT_SAMPLES[String(schema.format)];
      if (format) return format;
      return 'x'.repeat(Math.max(1, Number(schema.minLength ?? 1)));
    }
    case 'integer':
    case 'number':
      return Number(schema.minimum ?? 0);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return schema.properties ? sampleOf(document, { ...schema, type: 'object' }, depth) : {};
  }
}
