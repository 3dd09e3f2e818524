import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useState } from 'react';
import styled from 'styled-components';
import { usePageStore } from '../stores/root-store.js';
import { useToast } from '../ui/index.js';
import { MANUAL_RUN_TEXTS } from './execution-manual-run.js';
import { ONBOARDING_TOAST_MS } from './execution-replay.js';
import { ExecutionsStoreModel } from './executions-store.js';

const Item = styled(DropdownMenu.Item)`
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.small};
  font-size: ${({ theme }) => theme.font.size.body};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  outline: none;
  &[data-highlighted] { background: ${({ theme }) => theme.colors.surfaceSunken}; }
  &[data-disabled] { color: ${({ theme }) => theme.colors.muted}; cursor: progress; }
`;

/** Props of {@link ManualRunItem}. */
export interface ManualRunItemProps {
  /** Read when the item is chosen, so the switch's latest state counts. */
  getWorkflow: () => { id: string; active: boolean } | null;
}

/**
 * The trigger's 'Run manually' menu item (onboarding 4): 'Workflow must be ACTIVE' when OFF;
 * 'Running...' with the countdown from 7 while the run is followed (the menu stays open);
 * then 'Manual run complete' or the server's message as a toast.
 */
export function ManualRunItem({ getWorkflow }: ManualRunItemProps) {
  const executions = usePageStore(ExecutionsStoreModel);
  const { showToast } = useToast();
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const isRunning = secondsLeft !== null;
  return (
    <Item
      disabled={isRunning}
      data-testid="manual-run"
      onSelect={async (event) => {
        const workflow = getWorkflow();
        if (!workflow) return;
        event.preventDefault();
        setSecondsLeft(workflow.active ? 7 : null);
        const outcome = await executions.runManually(workflow, setSecondsLeft);
        setSecondsLeft(null);
        showToast({ status: outcome.status, message: outcome.message, autoHideMs: ONBOARDING_TOAST_MS });
      }}
    >
      {isRunning ? `${MANUAL_RUN_TEXTS.running} ${secondsLeft}` : MANUAL_RUN_TEXTS.item}
    </Item>
  );
}
