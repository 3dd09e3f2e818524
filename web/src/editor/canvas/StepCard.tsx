import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Handle, type NodeProps, Position } from '@xyflow/react';
import { EllipsisVertical, RotateCw, TriangleAlert } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import styled from 'styled-components';
import { ManualRun, manualRunChunk } from '../../executions/manual-run-chunk.js';
import { AppIcon, Button, Dialog, TextField, useToast } from '../../ui/index.js';
import { CardKind, CardName, CardText, stepCardBox } from '../../ui/step-card.js';
import { useEditor } from '../editor-context.js';
import { whenIdle } from '../when-idle.js';
import type { StepNode } from './canvas-model.js';

const Card = styled.div<{ $selected: boolean; $placeholder: boolean }>`
  ${stepCardBox}
  border: 2px ${({ $placeholder }) => ($placeholder ? 'dashed' : 'solid')}
    ${({ theme, $selected }) => ($selected ? theme.colors.primary : theme.colors.border)};
`;

const Icon = styled.div`
  flex: none;
  width: 44px;
  height: 44px;
  display: grid;
  place-items: center;
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 700;
  font-size: 20px;
  overflow: hidden;
  img { width: 32px; height: 32px; object-fit: contain; }
`;

/** The label under the icon when the step has no app yet. */
const KIND_LABELS: Record<string, string> = { trigger: 'Trigger', action: 'Action' };

const Problem = styled.span<{ $status: 'failed' | 'stale' }>`
  display: flex;
  align-items: center;
  gap: 4px;
  min-width: 0;
  font-size: 12px;
  font-weight: 600;
  color: ${({ $status }) => ($status === 'failed' ? '#b71c1c' : '#8a4b00')};
  svg { flex: none; }
  span { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
`;

const RetestButton = styled.button`
  flex: none;
  display: inline-flex;
  align-items: center;
  gap: 4px;
  height: 28px;
  padding: 0 ${({ theme }) => theme.space(2)};
  border: 1px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.primary};
  font: inherit;
  font-size: 12px;
  font-weight: 600;
  cursor: pointer;
  &:hover { background: #e8f1fd; }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

const Badge = styled.span<{ $color: string }>`
  flex: none;
  width: 14px;
  height: 14px;
  border-radius: 50%;
  background: ${({ $color }) => $color};
  box-shadow: 0 0 0 3px #ffffff;
`;

const MenuButton = styled.button`
  flex: none;
  width: 32px;
  height: 32px;
  border: none;
  border-radius: ${({ theme }) => theme.radius.small};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 20px;
  line-height: 1;
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.background}; }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

/** The menu surface shared by the step menu and the top bar's lists. */
export const MenuContent = styled(DropdownMenu.Content)`
  min-width: 160px;
  padding: ${({ theme }) => theme.space(1)};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.dialog};
  z-index: 20;
`;

/** One item of {@link MenuContent}; `$danger` colours it red. */
export const MenuItem = styled(DropdownMenu.Item)<{ $danger?: boolean }>`
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.small};
  font-size: ${({ theme }) => theme.font.size.body};
  color: ${({ theme, $danger }) => ($danger ? theme.colors.secondary : theme.colors.text)};
  cursor: pointer;
  outline: none;
  &[data-highlighted] { background: ${({ theme }) => theme.colors.background}; }
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(4)};
`;

/**
 * Renders one step on the canvas (450 × 80): app icon, kind, name, health badge and the step
 * menu with Rename, Duplicate and Delete (core model actions, so undo covers them). A failed
 * or out-of-date test adds its text and a Retest button, which opens the step's panel and runs
 * the test again (editor-core 4.8).
 */
export function StepCard({ data, selected }: NodeProps<StepNode>) {
  const editor = useEditor();
  const { showToast } = useToast();
  const [isRenaming, setRenaming] = useState(false);
  const [draft, setDraft] = useState(data.name);
  const problem = data.testProblem;
  const problemText = problem ? (problem.detail ? `${problem.title} ${problem.detail}` : problem.title) : '';
  const hasManualRun = data.kind === 'trigger' && !data.isPlaceholder;
  // The manual run item is a chunk of its own, fetched once the canvas has painted.
  useEffect(
    () => (hasManualRun ? whenIdle(() => void manualRunChunk.load().catch(() => undefined)) : undefined),
    [hasManualRun],
  );

  const commitRename = (event: FormEvent) => {
    event.preventDefault();
    const name = draft.trim();
    if (name && name !== data.name) editor.wf.renameStep(data.stepId, name);
    setRenaming(false);
  };

  return (
    <>
      <Handle type="target" position={Position.Top} isConnectable={false} />
      <Card
        $selected={selected}
        $placeholder={data.isPlaceholder}
        data-testid="step-card"
        data-step-id={data.stepId}
        aria-label={`${data.kind} step ${data.name}`}
      >
        <Icon aria-hidden="true">
          {data.isPlaceholder ? '+' : <AppIcon src={data.icon} name={data.appLabel} size={32} />}
        </Icon>
        <CardText>
          {/* App names read as their authors wrote them, never re-cased. */}
          <CardKind>{data.appLabel || KIND_LABELS[data.kind] || data.kind}</CardKind>
          <CardName>{data.name}</CardName>
          {problem && (
            // editor-core 4.8: a failed or out-of-date test shows on the card, with its error.
            <Problem $status={problem.status} data-testid="step-test-problem" title={problemText}>
              <TriangleAlert size={13} aria-hidden="true" />
              <span>{problemText}</span>
            </Problem>
          )}
        </CardText>
        {problem && (
          <RetestButton
            type="button"
            className="nodrag nopan"
            aria-label={`Retest ${data.name}`}
            onClick={(event) => {
              event.stopPropagation();
              editor.retest(data.stepId);
            }}
          >
            <RotateCw size={13} aria-hidden="true" />
            Retest
          </RetestButton>
        )}
        <Badge $color={data.healthColor} title={`Health: ${data.health}`} data-health={data.health} />
        <DropdownMenu.Root modal={false}>
          <DropdownMenu.Trigger asChild>
            {/* nodrag/nopan: the menu button must not start a pane gesture. */}
            <MenuButton
              className="nodrag nopan"
              aria-label={`Step menu of ${data.name}`}
              // Opening the menu is not selecting the step (which would open its panel over the canvas).
              onClick={(event) => event.stopPropagation()}
            >
              <EllipsisVertical size={16} aria-hidden="true" />
            </MenuButton>
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <MenuContent align="end" sideOffset={4} onClick={(event) => event.stopPropagation()}>
              {hasManualRun && (
                // onboarding 4: the manual run.
                <ManualRun
                  getWorkflow={() =>
                    editor.workflow ? { id: editor.workflow.id, active: editor.workflow.active } : null
                  }
                />
              )}
              <MenuItem
                onSelect={() => {
                  setDraft(data.name);
                  setRenaming(true);
                }}
              >
                Rename
              </MenuItem>
              <MenuItem
                onSelect={() => {
                  editor.duplicateStep(data.stepId);
                  showToast({ status: 'success', message: `Duplicated: ${data.name}` });
                }}
              >
                Duplicate
              </MenuItem>
              <MenuItem $danger onSelect={() => editor.deleteStep(data.stepId)}>
                Delete
              </MenuItem>
            </MenuContent>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      </Card>
      <Handle type="source" position={Position.Bottom} isConnectable={false} />
      <Dialog open={isRenaming} onOpenChange={setRenaming} title="Rename step">
        <form onSubmit={commitRename}>
          <TextField label="Step name" value={draft} onChange={(event) => setDraft(event.target.value)} autoFocus />
          <Actions>
            <Button type="button" variant="ghost" onClick={() => setRenaming(false)}>
              Cancel
            </Button>
            <Button type="submit">Save</Button>
          </Actions>
        </form>
      </Dialog>
    </>
  );
}
