/**
 * The editor's pills (editor-core 2.7): the shared pill decorations (`ui/pill-decorations.ts`)
 * with core's `describeReference` over the earlier steps' samples, so a `${stepId.path}` reads
 * "Step name · field" with the sample value on hover, red with the reason when it does not
 * resolve.
 */

import type { Extension } from '@codemirror/state';
import { describeReference, type ReferenceSamples } from '@junction/core';
import { type PillDescriber, pillDecorations, setPillDescriber } from '../../ui/pill-decorations.js';

const describerOf =
  (samples: ReferenceSamples): PillDescriber =>
  (ref) =>
    describeReference(ref, samples);

/** Dispatch this to re-describe every pill (an earlier step was tested or renamed). */
export const setPillSamples = (samples: ReferenceSamples) => setPillDescriber(describerOf(samples));

/** Pills for the references of a field, resolved against `samples`. */
export function pills(samples: ReferenceSamples): Extension {
  return pillDecorations(describerOf(samples));
}
