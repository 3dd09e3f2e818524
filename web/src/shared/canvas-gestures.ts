/**
 * How a workflow canvas answers the pointer (onboarding 2 "Editor canvas"; the replay's
 * read-only canvas likewise): the wheel pans, no zoom on scroll, pinch or double click, no
 * links drawn by dragging a handle, no React Flow attribution. React Flow props for the
 * editor's canvas and the replay's.
 */
export const CANVAS_GESTURES = {
  nodesConnectable: false,
  zoomOnScroll: false,
  zoomOnPinch: false,
  zoomOnDoubleClick: false,
  panOnScroll: true,
  proOptions: { hideAttribution: true },
} as const;
