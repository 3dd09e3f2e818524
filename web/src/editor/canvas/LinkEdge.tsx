import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { BaseEdge, EdgeLabelRenderer, type EdgeProps, getSmoothStepPath } from '@xyflow/react';
import styled from 'styled-components';
import { useEditor } from '../editor-context.js';
import { insertActionOnLink, loadLayout } from './canvas-actions.js';
import { LINK_STYLE, type LinkEdgeType } from './canvas-model.js';
import { MenuContent, MenuItem } from './StepCard.js';

const LabelButton = styled.button<{ $isEmpty: boolean; $isDropTarget: boolean }>`
  position: absolute;
  pointer-events: all;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 28px;
  height: 28px;
  padding: 0 ${({ $isEmpty }) => ($isEmpty ? '0' : '10px')};
  border: 2px solid ${({ theme }) => theme.colors.primary};
  border-radius: 14px;
  background: ${({ theme, $isDropTarget }) => ($isDropTarget ? theme.colors.primary : theme.colors.surface)};
  color: ${({ theme, $isDropTarget }) => ($isDropTarget ? theme.colors.onPrimary : theme.colors.primary)};
  font: inherit;
  font-size: 13px;
  font-weight: 600;
  white-space: nowrap;
  max-width: 320px;
  overflow: hidden;
  text-overflow: ellipsis;
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.primary}; color: ${({ theme }) => theme.colors.onPrimary}; }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

/**
 * A link on the canvas (editor-core 3): a blue smooth-step line of width 2 with a label button
 * in its middle, showing the filter name or delay, or '+' on a plain link. The button opens
 * the link menu: insert a step here, add or edit the filter, add or edit the delay.
 */
export function LinkEdge({
  id,
  sourceX,
  sourceY,
  targetX,
  targetY,
  sourcePosition,
  targetPosition,
  data,
  markerEnd,
}: EdgeProps<LinkEdgeType>) {
  const editor = useEditor();
  const [path, labelX, labelY] = getSmoothStepPath({
    sourceX,
    sourceY,
    sourcePosition,
    targetX,
    targetY,
    targetPosition,
  });
  const label = data?.label;
  const isDropTarget = data?.isDropTarget ?? false;
  const style = isDropTarget ? { ...LINK_STYLE, strokeWidth: 4 } : LINK_STYLE;
  return (
    <>
      <BaseEdge id={id} path={path} style={style} markerEnd={markerEnd} />
      <EdgeLabelRenderer>
        <DropdownMenu.Root modal={false}>
          <DropdownMenu.Trigger asChild>
            <LabelButton
              type="button"
              className="nodrag nopan"
              data-testid="link-label"
              data-link-id={id}
              $isEmpty={!label}
              $isDropTarget={isDropTarget}
              aria-label={label ? `Link menu: ${label}` : 'Link menu'}
              style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` }}
            >
              {label ?? '+'}
            </LabelButton>
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <MenuContent align="center" sideOffset={4}>
              <MenuItem
                onSelect={() => {
                  void loadLayout().then(() => {
                    const step = insertActionOnLink(editor.wf, id);
                    if (step) editor.select(step.id);
                  });
                }}
              >
                Insert step here
              </MenuItem>
              <MenuItem onSelect={() => editor.openLinkPanel(id, 'filter')}>
                {data?.hasFilter ? 'Edit filter' : 'Add filter'}
              </MenuItem>
              <MenuItem onSelect={() => editor.openLinkPanel(id, 'delay')}>
                {data && data.delaySeconds > 0 ? 'Edit delay' : 'Add delay'}
              </MenuItem>
            </MenuContent>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      </EdgeLabelRenderer>
    </>
  );
}
