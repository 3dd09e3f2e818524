import '@xyflow/react/dist/style.css';
import { CARD_HEIGHT, CARD_WIDTH, HISTORY_DESCRIPTIONS, SNAP_GRID, workflowHealth } from '@junction/core';
import {
  Background,
  ControlButton,
  Controls,
  type EdgeTypes,
  MiniMap,
  type NodeChange,
  type NodeTypes,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
} from '@xyflow/react';
import { ArrowDownUp } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import {
  type MouseEvent as ReactMouseEvent,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import styled, { useTheme } from 'styled-components';
import { CANVAS_GESTURES } from '../../shared/canvas-gestures.js';
import { useToast } from '../../ui/index.js';
import { useEditor } from '../editor-context.js';
import { preloadStepPanel } from '../panels/step-panel-chunk.js';
import { whenIdle } from '../when-idle.js';
import { applyLayout, loadLayout, moveStepOntoLink } from './canvas-actions.js';
import {
  type CanvasPoint,
  findLinkAt,
  movedMessage,
  type StepNode,
  shouldShowMinimap,
  toEdges,
  toNodes,
} from './canvas-model.js';
import {
  DRAWER_WIDTH,
  FIRST_VIEW_ALL_STEPS_UP_TO,
  firstViewport,
  type PaneSize,
  stepsAroundView,
  type Viewport,
  viewportShowing,
} from './canvas-view.js';
import { LinkEdge } from './LinkEdge.js';
import { StepCard } from './StepCard.js';

const nodeTypes: NodeTypes = { step: StepCard };
const edgeTypes: EdgeTypes = { link: LinkEdge };

/** How far (flow pixels) a card must travel before a drop off any link says how to move it. */
const DRAG_HINT_DISTANCE = 40;

const Pane = styled.div`
  position: relative;
  flex: 1;
  min-width: 0;
  min-height: 0;
  background: ${({ theme }) => theme.colors.background};
  /* Handles anchor the links; cards are linked through the model, never by dragging a handle. */
  .react-flow__handle { opacity: 0; pointer-events: none; }
  .react-flow__node.dragging { opacity: 0.85; }
  .react-flow__controls-button { width: 32px; height: 32px; }
`;

/** Returns true when a key press comes from a text field, where Delete edits text. */
function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

/** A card being dragged: where it is now and where it started. */
interface Drag {
  stepId: string;
  position: CanvasPoint;
  start: CanvasPoint;
  /** The link under the pointer, if any. */
  linkId: string | undefined;
}

/**
 * The workflow canvas (onboarding 2 "Editor canvas"): step cards and blue links from the
 * open workflow, zoom controls, a minimap above 8 elements, pan on scroll, no zoom on
 * scroll/pinch/double-click, snap grid 20, the pane moving only while nothing is selected.
 * Cards are not freely draggable: an action card dropped on a link moves there ('Step ... was
 * moved'), anywhere else it goes back. Clicking a card selects it; Delete removes it.
 */
export const WorkflowCanvas = observer(function WorkflowCanvas() {
  const editor = useEditor();
  const theme = useTheme();
  const { showToast } = useToast();
  const { screenToFlowPosition, getViewport, setViewport } = useReactFlow();
  const paneRef = useRef<HTMLDivElement>(null);
  const wf = editor.wf;
  const data = wf.data;
  const selectedStepId = editor.selectedStepId;
  const [drag, setDrag] = useState<Drag | null>(null);
  // The minimap (one rectangle per step) renders once the canvas has painted and the browser is
  // idle, as a transition React may interrupt: the canvas shows and answers first, even with
  // 1,000 steps.
  const [isMinimapReady, setMinimapReady] = useState(false);
  useEffect(() => whenIdle(() => startTransition(() => setMinimapReady(true))), []);
  // The first view shows the start of the workflow (its first steps), readable at up to 100 %.
  // It is computed from the pane's size before React Flow renders (a layout effect, so before
  // the first paint) and given as React Flow's starting size and view: its first render draws
  // the cards of that view, where `fitView` would render the default view, fit, and render again.
  const [opening, setOpening] = useState<{
    pane: PaneSize;
    view: Viewport;
    /** A large workflow's steps around the first view, until the first paint is done; else null. */
    around: Set<string> | null;
  } | null>(null);
  useLayoutEffect(() => {
    const pane = paneRef.current;
    if (!pane) return;
    const size = { width: pane.clientWidth, height: pane.clientHeight };
    const { steps, links } = editor.wf.data;
    const view = firstViewport(steps, size);
    const around = steps.length > FIRST_VIEW_ALL_STEPS_UP_TO ? stepsAroundView(steps, links, size, view) : null;
    setOpening({ pane: size, view, around });
  }, [editor]);
  // Every step once the first frame is painted (a transition, as the minimap's).
  const around = opening?.around ?? null;
  useEffect(() => {
    if (!around) return;
    return whenIdle(() => startTransition(() => setOpening((current) => current && { ...current, around: null })));
  }, [around]);
  // Badges from the same issues the issues list shows (onboarding 4, editor-core 5.1).
  const issues = editor.issues;
  const health = useMemo(() => workflowHealth(data, issues), [data, issues]);
  const modelNodes = useMemo(() => {
    const steps = around ? data.steps.filter((step) => around.has(step.id)) : data.steps;
    return toNodes({ steps }, selectedStepId, health);
  }, [data, selectedStepId, health, around]);
  const nodes = useMemo(
    () =>
      drag
        ? modelNodes.map(
            (node): StepNode => (node.id === drag.stepId ? { ...node, position: drag.position, dragging: true } : node),
          )
        : modelNodes,
    [modelNodes, drag],
  );
  const dropLinkId = drag?.linkId;
  const edges = useMemo(() => {
    const links = around ? data.links.filter((link) => around.has(link.source) && around.has(link.target)) : data.links;
    return toEdges({ links }, dropLinkId);
  }, [data, dropLinkId, around]);

  useEffect(() => {
    // Our own Delete handling: React Flow's would delete nodes outside the model (no undo).
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Delete' || isTyping(event.target) || !editor.selectedStepId) return;
      event.preventDefault();
      editor.deleteStep(editor.selectedStepId);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [editor]);

  const onNodesChange = useCallback((changes: NodeChange<StepNode>[]) => {
    // Only drags are applied, and only to the canvas: the model changes on drop.
    for (const change of changes) {
      if (change.type !== 'position' || !change.position || !change.dragging) continue;
      const position = change.position;
      setDrag((current) =>
        current && current.stepId === change.id
          ? { ...current, position }
          : { stepId: change.id, position, start: position, linkId: undefined },
      );
    }
  }, []);

  const pointerAt = (event: ReactMouseEvent | MouseEvent | TouchEvent): CanvasPoint | null => {
    const source = 'touches' in event ? (event.changedTouches[0] ?? event.touches[0]) : event;
    // Unsnapped: the pointer's own place decides which link is under it.
    return source ? screenToFlowPosition({ x: source.clientX, y: source.clientY }, { snapToGrid: false }) : null;
  };

  /** The link under the pointer, else under the dragged card's centre. */
  const dropLink = (event: ReactMouseEvent | MouseEvent | TouchEvent, node: StepNode): string | undefined => {
    const point = pointerAt(event);
    const centre = { x: node.position.x + CARD_WIDTH / 2, y: node.position.y + CARD_HEIGHT / 2 };
    return (point ? findLinkAt(data, point, node.id) : undefined) ?? findLinkAt(data, centre, node.id);
  };

  const onNodeDrag = (event: ReactMouseEvent | MouseEvent | TouchEvent, node: StepNode) => {
    const linkId = dropLink(event, node);
    setDrag((current) => (current && current.linkId !== linkId ? { ...current, linkId } : current));
  };

  const onNodeDragStop = (event: ReactMouseEvent | MouseEvent | TouchEvent, node: StepNode) => {
    const linkId = dropLink(event, node);
    const started = drag?.start;
    setDrag(null);
    const name = node.data.name;
    const travelled = started ? Math.hypot(node.position.x - started.x, node.position.y - started.y) : 0;
    const hint = () => {
      if (travelled > DRAG_HINT_DISTANCE)
        showToast({ status: 'info', message: 'Drop a step on a link to move it there.' });
    };
    if (!linkId) {
      hint();
      return;
    }
    void loadLayout().then(() => {
      if (moveStepOntoLink(wf, node.id, linkId)) showToast({ status: 'success', message: movedMessage(name) });
      else hint();
    });
  };

  // Opening a step's drawer pans the canvas as little as needed so the selected card (with its
  // health dot and menu) stays whole beside the drawer, which lies over the canvas.
  useEffect(() => {
    if (!selectedStepId) return;
    const step = editor.wf.stepById(selectedStepId);
    const pane = paneRef.current;
    if (!step || !pane || (step.kind !== 'trigger' && step.kind !== 'action')) return;
    const card = { x: step.position.x, y: step.position.y, width: CARD_WIDTH, height: CARD_HEIGHT };
    const size = { width: pane.clientWidth, height: pane.clientHeight };
    const next = viewportShowing(card, getViewport(), size, DRAWER_WIDTH);
    if (next) void setViewport(next, { duration: 250 });
  }, [selectedStepId, editor, getViewport, setViewport]);

  const tidyUp = () => void loadLayout().then(() => wf.group(HISTORY_DESCRIPTIONS.moveStep, () => applyLayout(wf)));

  useEffect(() => {
    // Core's layout (dagre) is a chunk of its own: fetched once the browser is idle after the
    // canvas painted, so the first edit that lays out finds it loaded.
    return whenIdle(() => void loadLayout().catch(() => undefined), 3000, 500);
  }, []);

  return (
    // A pointer on the canvas is about to click a card: fetch the step panels now, if the idle
    // moment after opening has not yet (StepPanelHost).
    <Pane
      data-testid="workflow-canvas"
      ref={paneRef}
      onPointerEnter={preloadStepPanel}
      onPointerDown={preloadStepPanel}
    >
      {opening && (
        <ReactFlow
          {...CANVAS_GESTURES}
          colorMode={theme.mode}
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          edgeTypes={edgeTypes}
          onNodesChange={onNodesChange}
          onNodeDrag={onNodeDrag}
          onNodeDragStop={onNodeDragStop}
          onNodeClick={(_event, node) => editor.select(node.id)}
          onPaneClick={() => {
            editor.select(null);
            editor.closeLinkPanel();
          }}
          nodesDraggable
          nodeDragThreshold={4}
          elementsSelectable
          // onboarding 2: the pane moves only when no step is selected.
          panOnDrag={selectedStepId === null}
          snapToGrid
          snapGrid={[SNAP_GRID, SNAP_GRID]}
          deleteKeyCode={null}
          onlyRenderVisibleElements
          width={opening.pane.width}
          height={opening.pane.height}
          defaultViewport={opening.view}
          minZoom={0.1}
        >
          <Background gap={SNAP_GRID} />
          <Controls showInteractive={false} aria-label="Zoom controls">
            <ControlButton onClick={tidyUp} title="Tidy up the layout" aria-label="Tidy up the layout">
              <ArrowDownUp size={16} aria-hidden="true" />
            </ControlButton>
          </Controls>
          {isMinimapReady && !around && shouldShowMinimap(data) && <MiniMap pannable ariaLabel="Minimap" />}
        </ReactFlow>
      )}
    </Pane>
  );
});

/** {@link WorkflowCanvas} inside its own React Flow provider. */
export function WorkflowCanvasWithProvider() {
  return (
    <ReactFlowProvider>
      <WorkflowCanvas />
    </ReactFlowProvider>
  );
}
