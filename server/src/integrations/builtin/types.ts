/**
 * Shapes shared by the built-in apps: an app definition in core's format whose actions may
 * carry a `builtin` executor key, meaning the engine runs them in-process instead of
 * sending an HTTP request.
 */
import type { ActionDef, AppDefinition, FieldDef } from '@junction/core';

/** In-process executors of built-in actions. */
export type BuiltinExecutorKey = 'schedule' | 'formatter' | 'filter' | 'delay' | 'http';

/** An action of a built-in app: core's ActionDef, optionally run in-process. */
export interface BuiltinActionDef extends ActionDef {
  /** When set, `executeStep` runs this executor instead of core's `buildRequest`. */
  builtin?: BuiltinExecutorKey;
}

/** A built-in app definition; it passes core's `validateAppDefinition` like any portal app. */
export interface BuiltinAppDefinition extends Omit<AppDefinition, 'actions'> {
  actions: Record<string, BuiltinActionDef>;
}

/** The origin icons are served under: `/icons/{slug}.svg`. */
export function iconUrl(slug: string): string {
  return `/icons/${slug}.svg`;
}

/**
 * An optional field of a built-in action with its help line: text unless `schema` says otherwise.
 *
 * @example
 * describedField('every', 'Every', 'How many minutes, hours or days between runs.', { type: 'integer' })
 */
export function describedField(
  name: string,
  title: string,
  description: string,
  schema: FieldDef['schema'] = { type: 'string' },
): FieldDef {
  return { name, title, description, schema };
}
