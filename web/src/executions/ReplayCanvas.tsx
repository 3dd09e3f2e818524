import '@xyflow/react/dist/style.css';
import { CARD_HEIGHT, CARD_WIDTH, layoutWorkflow, type Step, type WorkflowData } from '@junction/core';
import {
  Background,
  Controls,
  type Edge,
  Handle,
  MarkerType,
  type Node,
  type NodeProps,
  Position,
  ReactFlow,
} from '@xyflow/react';
import { useMemo } from 'react';
import styled, { type DefaultTheme } from 'styled-components';
import { CANVAS_GESTURES } from '../shared/canvas-gestures.js';
import { AppIcon, type BadgeTone, Status } from '../ui/index.js';
import { CardKind, CardName, CardText, stepCardBox } from '../ui/step-card.js';
import { type ReplayStepStatus, STEP_STATUS_LABELS } from './execution-replay.js';

/** A step status's colour role on the replay canvas (its card's edge; the words are in the badge). */
function statusColor(theme: DefaultTheme, status: ReplayStepStatus): string {
  if (status === 'succeeded') return theme.colors.success;
  if (status === 'failed') return theme.colors.danger;
  if (status === 'running') return theme.colors.accent;
  if (status === 'waiting') return theme.colors.warning;
  return theme.colors.borderStrong;
}

/** A step status's badge tone. */
function statusTone(status: ReplayStepStatus): BadgeTone {
  if (status === 'succeeded') return 'success';
  if (status === 'failed') return 'danger';
  if (status === 'running') return 'info';
  if (status === 'waiting') return 'warning';
  return 'neutral';
}

interface ReplayCardData extends Record<string, unknown> {
  step: Step;
  status: ReplayStepStatus;
  onOpen: (stepId: string) => void;
}

type ReplayNode = Node<ReplayCardData, 'replayStep'>;

/** The replay's view: the whole workflow with a margin, never larger than life. */
const FIT_VIEW = { padding: 0.2, maxZoom: 1 };

const Card = styled.button<{ $status: ReplayStepStatus }>`
  ${stepCardBox}
  border: 2px solid ${({ theme }) => theme.colors.border};
  border-left: 6px solid ${({ theme, $status }) => statusColor(theme, $status)};
  font: inherit;
  text-align: left;
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

const Icon = styled.span`
  flex: none;
  width: 40px;
  height: 40px;
  display: grid;
  place-items: center;
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.surfaceSunken};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  img { width: 30px; height: 30px; object-fit: contain; }
`;

function ReplayCard({ data }: NodeProps<ReplayNode>) {
  const { step, status, onOpen } = data;
  const label = STEP_STATUS_LABELS[status];
  // The button is named by its visible words (WCAG 2.5.3): kind · app, step name, status.
  const kind = `${step.kind === 'trigger' ? 'Trigger' : step.kind === 'filter' ? 'Filter' : 'Action'}${step.data.label ? ` · ${step.data.label}` : ''}`;
  return (
    <>
      <Handle type="target" position={Position.Top} isConnectable={false} />
      <Card
        type="button"
        $status={status}
        data-testid="replay-step"
        data-step-id={step.id}
        data-status={status}
        onClick={() => onOpen(step.id)}
      >
        <Icon aria-hidden="true">
          <AppIcon src={step.data.icon} name={step.data.label || step.kind} size={30} />
        </Icon>
        <CardText>
          <CardKind>{kind}</CardKind>
          <CardName>{step.data.name || 'Unnamed step'}</CardName>
        </CardText>
        <Status tone={statusTone(status)}>{label}</Status>
      </Card>
      <Handle type="source" position={Position.Bottom} isConnectable={false} />
    </>
  );
}

const nodeTypes = { replayStep: ReplayCard };

const Frame = styled.div`
  flex: 1;
  min-height: 420px;
  background: ${({ theme }) => theme.colors.canvas};
  .react-flow__edge-text { cursor: pointer; }
  .react-flow__edge-path { stroke: ${({ theme }) => theme.colors.accent}; }
  .react-flow__arrowhead polyline { stroke: ${({ theme }) => theme.colors.accent}; fill: ${({ theme }) => theme.colors.accent}; }
  .react-flow__background { --xy-background-pattern-color: ${({ theme }) => theme.colors.border}; }
  .react-flow__controls-button {
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.text};
    border-bottom-color: ${({ theme }) => theme.colors.border};
    fill: currentColor;
  }
`;

/** Props of {@link ReplayCanvas}. */
export interface ReplayCanvasProps {
  document: WorkflowData;
  statusOf: (stepId: string) => ReplayStepStatus;
  onOpenStep: (stepId: string) => void;
  onOpenLink: (linkId: string) => void;
}

/**
 * The replay page's read-only canvas (onboarding 2): the workflow as it ran, laid out top to
 * bottom with the viewer's spacing (onboarding 9: 50), each card coloured by its step's
 * status; cards cannot move, links cannot change. A card opens its step's dialog; a link with
 * a filter opens the filter's fields.
 */
export function ReplayCanvas({ document, statusOf, onOpenStep, onOpenLink }: ReplayCanvasProps) {
  const positions = useMemo(() => layoutWorkflow(document, { mode: 'viewer' }), [document]);
  const nodes = useMemo<ReplayNode[]>(
    () =>
      document.steps.map((step) => ({
        id: step.id,
        type: 'replayStep',
        position: positions.get(step.id) ?? step.position,
        data: { step, status: statusOf(step.id), onOpen: onOpenStep },
        draggable: false,
        selectable: false,
        connectable: false,
        width: CARD_WIDTH,
        height: CARD_HEIGHT,
      })),
    [document, positions, statusOf, onOpenStep],
  );
  const edges = useMemo<Edge[]>(
    () =>
      document.links.map((link) => {
        const parts = [
          link.groups.length > 0 ? link.name || 'Filter' : '',
          link.delaySeconds > 0 ? `Delay: ${link.delaySeconds}s` : '',
        ];
        const label = parts.filter(Boolean).join(' · ');
        return {
          id: link.id,
          source: link.source,
          target: link.target,
          label: label || undefined,
          labelBgPadding: [8, 4] as [number, number],
          labelBgBorderRadius: 4,
          style: { strokeWidth: 2 },
          markerEnd: { type: MarkerType.ArrowClosed },
          focusable: link.groups.length > 0,
          selectable: false,
        };
      }),
    [document],
  );
  return (
    <Frame data-testid="replay-canvas">
      <ReactFlow
        {...CANVAS_GESTURES}
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        nodesDraggable={false}
        elementsSelectable={false}
        edgesFocusable={false}
        fitView
        fitViewOptions={FIT_VIEW}
        // The cards' sizes change once the bundled font has loaded: fit again then, so the view
        // does not depend on whether the font came before or after the first fit.
        onInit={(flow) => void globalThis.document?.fonts?.ready.then(() => flow.fitView(FIT_VIEW))}
        // A click handler makes React Flow let pointer events reach the (unselectable) cards.
        onNodeClick={(_, node) => onOpenStep(node.id)}
        onEdgeClick={(_, edge) => {
          const link = document.links.find((l) => l.id === edge.id);
          if (link && link.groups.length > 0) onOpenLink(link.id);
        }}
      >
        <Background gap={20} />
        <Controls showInteractive={false} />
      </ReactFlow>
    </Frame>
  );
}
