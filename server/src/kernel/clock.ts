/** The injected clock every service and the engine read (tests move it). */

/** Something that tells the time, epoch ms. */
export interface Clock {
  now: () => number;
}

/** The current time of `deps` as ISO text, the format every timestamp column uses. */
export function nowIso(deps: Clock, plusMs = 0): string {
  return new Date(deps.now() + plusMs).toISOString();
}
