/**
 * The trigger menu's 'Run manually' item (onboarding 4) as a chunk of its own: the item, the
 * executions store and the run rules are not first-load code of the editor (BENCHMARKS.md
 * "Editor"). A trigger card fetches it once the browser is idle; a menu opened before that
 * fetches it and shows the item when it has arrived.
 */
import { useEffect, useState } from 'react';
import type { ManualRunItemProps } from './ManualRunItem.js';

type ManualRunModule = typeof import('./ManualRunItem.js');

let loaded: ManualRunModule | null = null;
let loading: Promise<ManualRunModule> | null = null;

/** Fetches the manual run item's chunk once; later calls share that fetch (a failed one is tried again). */
export function loadManualRun(): Promise<ManualRunModule> {
  loading ??= import('./ManualRunItem.js').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * The 'Run manually' item ({@link ManualRunItemProps}): drawn at once when its chunk is loaded,
 * else as soon as it arrives (no Suspense boundary, which would hold the item back up to 300 ms).
 */
export function ManualRun(props: ManualRunItemProps) {
  const [module, setModule] = useState<ManualRunModule | null>(loaded);
  useEffect(() => {
    if (module) return;
    let live = true;
    loadManualRun().then(
      (next) => {
        if (live) setModule(next);
      },
      // Unreachable chunk: the menu goes without the item until the menu opens again.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [module]);
  return module ? <module.ManualRunItem {...props} /> : null;
}
