/**
 * The webhook address of a workflow, as the trigger panel shows it: read from the API, never
 * built from the workflow id.
 */
export { hookPathOf } from '../../engine/support.js';
