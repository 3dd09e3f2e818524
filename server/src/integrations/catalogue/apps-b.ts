/**
 * The catalogue's second list of third-party apps (issue 10 part B), registered through
 * `./index.ts` after the built-ins.
 */
import type { BuiltinAppDefinition } from '../builtin/types.js';

export const catalogueAppsB: readonly BuiltinAppDefinition[] = [];
