/**
 * The limits a stored document must respect, alone in their module: the editor's edits and the
 * delay rule read them without bringing the document reader (document-read.ts, which
 * re-exports them) into the editor's first load.
 */

/**
 * Limits a stored document must respect. They bound memory and time on hostile input and sit
 * well above what the editor produces (a large real workflow has a few hundred steps).
 */
export const DOCUMENT_LIMITS = {
  /** Steps per workflow. */
  maxSteps: 5_000,
  /** Links per workflow. */
  maxLinks: 20_000,
  /** Workflow and step names, characters. */
  maxNameLength: 200,
  /** Filter names ('Filter: a AND b OR c'), characters. */
  maxLinkNameLength: 2_000,
  /** Workflow, step, link and credential ids, characters. */
  maxIdLength: 200,
  /** Any other string in the document, characters. */
  maxStringLength: 100_000,
  /** Fields per step. */
  maxFieldsPerStep: 500,
  /** Condition groups per link. */
  maxGroupsPerLink: 100,
  /** Conditions per group. */
  maxConditionsPerGroup: 100,
  /** Trigger choices kept per step (editor-core 9: "first 5"). */
  maxTriggerChoices: 5,
  /** Link and step delays: one year, in seconds. */
  maxDelaySeconds: 31_536_000,
  /** Absolute canvas coordinate. */
  maxCoordinate: 10_000_000,
  /** Nesting depth of free-form JSON (test data, field values) and field schemas. */
  maxDepth: 64,
  /** Values (objects, arrays, scalars) in all free-form JSON of one document. */
  maxJsonNodes: 1_000_000,
  /** Errors reported before validation stops. */
  maxErrors: 100,
} as const;
