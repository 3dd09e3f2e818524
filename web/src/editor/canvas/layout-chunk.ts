// The layout chunk's entry (canvas-actions.ts `loadLayout`): core's layout and dagre.
export { layoutWorkflow } from '@junction/core';
