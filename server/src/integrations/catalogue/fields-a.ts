/**
 * Small builders for the field forms of the catalogue's part-A apps: every visible
 * field gets a title, a help text and a schema type, as core's validateAppDefinition and the
 * editor's forms expect; hidden fields carry a fixed value.
 */
import type { FieldDef, FieldLocation, FieldSchema, FieldType } from '@junction/core';

/** Options of a visible field. */
export interface FieldOptions {
  required?: boolean;
  in?: FieldLocation;
  /** A dynamic dropdown spec `app.Label.action.head.value.label`. */
  dynamic?: string;
  /** Fields the dropdown depends on. */
  params?: string[];
  enum?: string[];
  enumNames?: string[];
  /** Element schema of a list. */
  items?: FieldSchema;
}

/** A visible field with a help text. */
export function field(
  type: FieldType,
  name: string,
  title: string,
  description: string,
  options: FieldOptions = {},
): FieldDef {
  const schema: FieldSchema = { type };
  if (options.dynamic) schema.dynamic = options.dynamic;
  if (options.params) schema.params = options.params;
  if (options.enum) schema.enum = options.enum;
  if (options.enumNames) schema.enumNames = options.enumNames;
  if (options.items) schema.items = options.items;
  const def: FieldDef = { name, title, description, schema };
  if (options.required) def.required = true;
  if (options.in) def.in = options.in;
  return def;
}

/** A text field. */
export const text = (name: string, title: string, description: string, options?: FieldOptions) =>
  field('string', name, title, description, options);

/** A required text field. */
export const required = (name: string, title: string, description: string, options?: FieldOptions) =>
  field('string', name, title, description, { ...options, required: true });

/** A hidden field with a fixed value (sent as the service expects, never shown). */
export function fixed(name: string, value: unknown, where?: FieldLocation): FieldDef {
  const type: FieldType = typeof value === 'boolean' ? 'boolean' : typeof value === 'number' ? 'number' : 'string';
  const def: FieldDef = { name, title: name, hidden: true, value, schema: { type } };
  if (where) def.in = where;
  return def;
}
