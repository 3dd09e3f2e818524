import { activationProblems } from '@junction/core';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import styled from 'styled-components';
import { useToast } from '../../ui/index.js';
import { useEditor } from '../editor-context.js';
import { switchActivation } from './activation.js';
import { Tip } from './parts.js';

const Track = styled.button<{ $on: boolean }>`
  position: relative;
  display: inline-flex;
  align-items: center;
  width: 76px;
  height: 32px;
  padding: 0 10px;
  border: none;
  border-radius: 16px;
  background: ${({ theme, $on }) => ($on ? theme.colors.success : theme.colors.textMuted)};
  color: #ffffff;
  font: inherit;
  font-size: 13px;
  font-weight: 700;
  justify-content: ${({ $on }) => ($on ? 'flex-start' : 'flex-end')};
  cursor: pointer;
  transition: background 0.15s;
  &::after {
    content: '';
    position: absolute;
    top: 4px;
    left: ${({ $on }) => ($on ? '48px' : '4px')};
    width: 24px;
    height: 24px;
    border-radius: 50%;
    background: #ffffff;
    transition: left 0.15s;
  }
  &:disabled { background: ${({ theme }) => theme.colors.border}; color: ${({ theme }) => theme.colors.textMuted}; cursor: not-allowed; }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

/** The tooltip of a switch that cannot be turned ON. */
export const BLOCKED_TOOLTIP = 'Test every step and connect every account to switch the workflow ON';

/**
 * The ON/OFF switch (editor-core 2.2, 4.2): turning it ON or OFF saves, calls the server and
 * shows 'Workflow status: ACTIVE' or 'Workflow status: PAUSED', or the error toast and flips
 * back. It cannot be turned ON while an issue blocks activation; an active workflow can
 * always be paused.
 */
export const ActivationSwitch = observer(function ActivationSwitch() {
  const editor = useEditor();
  const { showToast } = useToast();
  const [isBusy, setBusy] = useState(false);
  const active = editor.wf.active;
  const isBlocked = activationProblems(editor.wf.data, null).length > 0;
  const disabled = isBusy || (!active && isBlocked);

  const toggle = async () => {
    setBusy(true);
    try {
      const outcome = await switchActivation(editor, !active);
      showToast({ status: outcome.status, message: outcome.message });
    } finally {
      setBusy(false);
    }
  };

  const tip = !active && isBlocked ? BLOCKED_TOOLTIP : active ? 'Workflow is ON' : 'Workflow is OFF';
  return (
    <Tip content={tip}>
      <Track
        type="button"
        role="switch"
        aria-checked={active}
        aria-label="Workflow ON/OFF"
        aria-busy={isBusy}
        $on={active}
        disabled={disabled}
        onClick={toggle}
        data-testid="activation-switch"
      >
        {active ? 'ON' : 'OFF'}
      </Track>
    </Tip>
  );
});
