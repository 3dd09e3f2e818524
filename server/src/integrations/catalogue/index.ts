/**
 * The app catalogue: third-party apps shipped with Junction as declarative
 * definitions (source 'first100', shown on the editor's Popular tab), one file per app in
 * this folder, registered after the built-ins by `../builtin/index.ts`. Part A's apps are
 * listed in `./apps-a.ts`, part B's in `./apps-b.ts`.
 */
import type { BuiltinAppDefinition } from '../builtin/types.js';
import { catalogueAppsA } from './apps-a.js';
import { catalogueAppsB } from './apps-b.js';

/** Every catalogue app, part A's then part B's. */
export const CATALOGUE_APPS: readonly BuiltinAppDefinition[] = [...catalogueAppsA, ...catalogueAppsB];
