/**
 * Code a catalogue app truly needs, which its data (`apps/<slug>.json`) cannot say: a typed
 * registry keyed by app slug and hook name. Prefer extending core's app format (portal authors
 * gain it too); a hook is for behaviour no declaration covers.
 *
 * - `optionsPager` — the Drive file picker (editor-core 7.5) of the Drive-type apps: Drive
 *   searches with its own query language (`name contains`), pages by `nextPageToken` and lists
 *   shortcuts whose targets must be looked up (`./google-drive-files.ts`).
 */
import type { ActionDef } from '@junction/core';
import { type DriveListInput, type DriveListResult, isDriveFilesAction, listDriveFiles } from './google-drive-files.js';

/** A dynamic dropdown that searches and pages itself instead of the generic option lister. */
export interface OptionsPager {
  /** Whether this list action is one the pager lists. */
  handles(action: ActionDef): boolean;
  /** One page of options; a failure is `{ ok: false }`. */
  list(input: DriveListInput): Promise<DriveListResult>;
}

/** Every hook an app may have, by name. */
export interface CatalogueHooks {
  optionsPager: OptionsPager;
}

const drivePicker: OptionsPager = { handles: isDriveFilesAction, list: listDriveFiles };

const HOOKS: Readonly<Record<string, Partial<CatalogueHooks>>> = {
  'google-sheets': { optionsPager: drivePicker },
  'google-drive': { optionsPager: drivePicker },
  'google-docs': { optionsPager: drivePicker },
  'google-forms': { optionsPager: drivePicker },
  'google-slides': { optionsPager: drivePicker },
};

/**
 * The app's hook of this name, or undefined (most apps have none).
 *
 * @example catalogueHook('google-sheets', 'optionsPager')?.handles(listSpreadsheets) // true
 */
export function catalogueHook<K extends keyof CatalogueHooks>(slug: string, name: K): CatalogueHooks[K] | undefined {
  return Object.hasOwn(HOOKS, slug) ? HOOKS[slug][name] : undefined;
}
