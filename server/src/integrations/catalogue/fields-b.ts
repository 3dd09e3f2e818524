/**
 * Small builders for the field forms of the catalogue's part-B apps: every visible field has
 * a title and a help text, and its schema a type, as core's validateAppDefinition and the
 * editor's forms expect.
 */
import type { FieldDef, FieldLocation, FieldSchema } from '@junction/core';

interface FieldOptions {
  required?: boolean;
  in?: FieldLocation;
  /** A dynamic dropdown spec `app.Label.action.head.value.label`. */
  dynamic?: string;
  /** Fields the dropdown depends on. */
  params?: string[];
  enum?: string[];
  enumNames?: string[];
}

function schemaOf(type: FieldSchema['type'], options: FieldOptions): FieldSchema {
  const schema: FieldSchema = { type };
  if (options.dynamic) schema.dynamic = options.dynamic;
  if (options.params) schema.params = options.params;
  if (options.enum) schema.enum = options.enum;
  if (options.enumNames) schema.enumNames = options.enumNames;
  return schema;
}

function make(
  type: FieldSchema['type'],
  name: string,
  title: string,
  description: string,
  options: FieldOptions = {},
): FieldDef {
  const field: FieldDef = { name, title, description, schema: schemaOf(type, options) };
  if (options.required) field.required = true;
  if (options.in) field.in = options.in;
  return field;
}

/** A text field. */
export const text = (name: string, title: string, description: string, options?: FieldOptions) =>
  make('string', name, title, description, options);

/** A number field. */
export const number = (name: string, title: string, description: string, options?: FieldOptions) =>
  make('number', name, title, description, options);

/** An integer field. */
export const integer = (name: string, title: string, description: string, options?: FieldOptions) =>
  make('integer', name, title, description, options);

/** A yes/no field. */
export const boolean = (name: string, title: string, description: string, options?: FieldOptions) =>
  make('boolean', name, title, description, options);

/** A list (a list, or text separated by commas) of texts, or of `itemType` values. */
export const list = (
  name: string,
  title: string,
  description: string,
  options?: FieldOptions & { itemType?: FieldSchema['type'] },
): FieldDef => ({
  ...make('array', name, title, description, options),
  schema: { ...schemaOf('array', options ?? {}), items: { type: options?.itemType ?? 'string' } },
});

/** A key/value object (JSON text or a mapped object). */
export const object = (name: string, title: string, description: string, options?: FieldOptions) =>
  make('object', name, title, description, options);

/** A hidden field with a fixed value (webhook URLs, event names, constant parameters). */
export const fixed = (name: string, value: unknown, type: FieldSchema['type'] = 'string', location?: FieldLocation) => {
  const field: FieldDef = { name, title: name, hidden: true, value, schema: { type } };
  if (location) field.in = location;
  return field;
};

/** A hidden required path parameter, filled from a subscription answer (its `id`…). */
export const hiddenPath = (name: string): FieldDef => ({
  name,
  title: name,
  hidden: true,
  required: true,
  in: 'path',
  schema: { type: 'string' },
});

/** The hidden field that receives Junction's webhook URL when a trigger subscribes. */
export const hookUrl = (name = 'url'): FieldDef => ({
  name,
  title: 'Webhook URL',
  hidden: true,
  required: true,
  schema: { type: 'string' },
});
