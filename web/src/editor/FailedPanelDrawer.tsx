import styled from 'styled-components';
import { Button } from '../ui/Button.js';
import { ChunkFailure } from '../ui/lazy-chunk.js';

const Drawer = styled.aside`
  position: absolute;
  top: 0;
  right: 0;
  z-index: 10;
  width: min(440px, 100%);
  background: ${({ theme }) => theme.colors.surface};
  border-left: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: ${({ theme }) => theme.shadow.raised};
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  padding: 0 ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(4)};
`;

/** Props of {@link FailedPanelDrawer}. */
export interface FailedPanelDrawerProps {
  /** The drawer's accessible name ('Step settings'). */
  label: string;
  /** What could not be loaded ('The step panel'). */
  what: string;
  onRetry: () => void;
  onClose: () => void;
}

/**
 * The drawer in a panel's place when its chunk could not be loaded (the step panel, the link
 * panel): '… could not be loaded' with 'Try again', and Close.
 */
export function FailedPanelDrawer({ label, what, onRetry, onClose }: FailedPanelDrawerProps) {
  return (
    <Drawer aria-label={label}>
      <ChunkFailure what={what} onRetry={onRetry} />
      <Actions>
        <Button variant="ghost" size="small" onClick={onClose}>
          Close
        </Button>
      </Actions>
    </Drawer>
  );
}
