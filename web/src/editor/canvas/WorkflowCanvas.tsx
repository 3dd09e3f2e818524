import '@xyflow/react/dist/style.css';
import { layoutWorkflow, SNAP_GRID } from '@junction/core';
import {
  Background,
  ControlButton,
  Controls,
  MiniMap,
  type NodeTypes,
  ReactFlow,
  ReactFlowProvider,
} from '@xyflow/react';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo } from 'react';
import styled from 'styled-components';
import { useEditor } from '../editor-context.js';
import { shouldShowMinimap, toEdges, toNodes } from './canvas-model.js';
import { StepCard } from './StepCard.js';

const nodeTypes: NodeTypes = { step: StepCard };

const Pane = styled.div`
  position: relative;
  flex: 1;
  min-height: 0;
  background: ${({ theme }) => theme.colors.background};
  .react-flow__edge-textbg { fill: #ffffff; }
  .react-flow__edge-text { font-size: 13px; fill: #1f2933; }
  /* Handles anchor the links; cards are linked through the model, never by dragging a handle. */
  .react-flow__handle { opacity: 0; pointer-events: none; }
`;

/** Returns true when a key press comes from a text field, where Delete edits text. */
function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

/**
 * The workflow canvas (onboarding 2 "Editor canvas"): step cards and blue links from the
 * open workflow, zoom controls, a minimap above 8 elements, pan on scroll, no zoom on
 * scroll/pinch/double-click, cards not draggable, snap grid 20, the pane moving only while
 * nothing is selected. Clicking a card selects it; Delete removes the selected step.
 */
export const WorkflowCanvas = observer(function WorkflowCanvas() {
  const editor = useEditor();
  const wf = editor.wf;
  const data = wf.data;
  const selectedStepId = editor.selectedStepId;
  const nodes = useMemo(() => toNodes(data, selectedStepId), [data, selectedStepId]);
  const edges = useMemo(() => toEdges(data), [data]);

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

  const tidyUp = () => {
    const positions = layoutWorkflow(wf.data, { mode: 'editor' });
    wf.group('move step', () => {
      for (const [id, position] of positions) wf.setStepPosition(id, position);
    });
  };

  return (
    <Pane data-testid="workflow-canvas">
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        onNodeClick={(_event, node) => editor.select(node.id)}
        onPaneClick={() => editor.select(null)}
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable
        zoomOnScroll={false}
        zoomOnPinch={false}
        zoomOnDoubleClick={false}
        panOnScroll
        // onboarding 2: the pane moves only when no step is selected.
        panOnDrag={selectedStepId === null}
        snapToGrid
        snapGrid={[SNAP_GRID, SNAP_GRID]}
        deleteKeyCode={null}
        fitView
        fitViewOptions={{ maxZoom: 1, padding: 0.2 }}
        minZoom={0.1}
        proOptions={{ hideAttribution: true }}
      >
        <Background gap={SNAP_GRID} />
        <Controls showInteractive={false}>
          <ControlButton onClick={tidyUp} title="Tidy up the layout" aria-label="Tidy up the layout">
            ⇅
          </ControlButton>
        </Controls>
        {shouldShowMinimap(data) && <MiniMap pannable ariaLabel="Minimap" />}
      </ReactFlow>
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
