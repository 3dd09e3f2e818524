import { type Issue, switchBlockedText } from '@junction/core';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { refusal, useCan } from '../../access/useCan.js';
import { loadActivationCheck } from '../../stores/activation-check.js';
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
  background: ${({ theme, $on }) => ($on ? theme.colors.success : theme.colors.muted)};
  color: ${({ theme, $on }) => ($on ? theme.colors.onSuccess : theme.colors.surface)};
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
    background: ${({ theme }) => theme.colors.surface};
    transition: left 0.15s;
  }
  &:disabled { background: ${({ theme }) => theme.colors.border}; color: ${({ theme }) => theme.colors.textMuted}; cursor: not-allowed; }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

/**
 * Why a switch cannot be turned ON: core's first activation problem, with its step's name,
 * and how many more the issues list holds (core's `switchBlockedText`; Share says the same).
 *
 * @example blockedReason([{ text: 'Test data error.', … }], 'POST') // "Can't switch ON — POST: Test data error."
 */
export function blockedReason(problems: readonly Issue[], stepName: string | undefined): string {
  return switchBlockedText(problems, () => stepName);
}

/**
 * The ON/OFF switch (editor-core 2.2, 4.2): turning it ON or OFF saves, calls the server and
 * shows 'Workflow status: ACTIVE' or 'Workflow status: PAUSED', or the error toast and flips
 * back. It cannot be turned ON while an issue blocks activation, and then says why (its
 * tooltip and description give core's first activation problem); an active workflow can always
 * be paused.
 */
export const ActivationSwitch = observer(function ActivationSwitch() {
  const editor = useEditor();
  const { showToast } = useToast();
  const [isBusy, setBusy] = useState(false);
  const active = editor.wf.active;
  // Core's rule is a chunk of its own, asked for once the switch is on screen; until it has
  // answered the switch can pause a workflow but not turn one ON.
  useEffect(() => void loadActivationCheck().catch(() => undefined), []);
  const problems = editor.activationProblems ?? [];
  const isChecking = editor.activationProblems === null;
  const isBlocked = problems.length > 0;
  const firstStepId = problems[0]?.stepId;
  const reason = blockedReason(problems, firstStepId ? editor.wf.stepById(firstStepId)?.data.name : undefined);
  // Who may switch is core's permission table (a viewer sees the switch, disabled, and why).
  const maySwitch = useCan('workflow.switch');
  const disabled = isBusy || !maySwitch.allowed || (!active && (isBlocked || isChecking));

  const toggle = async () => {
    setBusy(true);
    try {
      const outcome = await switchActivation(editor, !active);
      showToast({ status: outcome.status, message: outcome.message });
    } finally {
      setBusy(false);
    }
  };

  const roleReason = refusal(maySwitch);
  const showsReason = roleReason !== undefined || (!active && isBlocked);
  const shownReason = roleReason ?? reason;
  const tip = showsReason ? shownReason : active ? 'Workflow is ON' : 'Workflow is OFF';
  return (
    <Tip content={tip}>
      <Track
        type="button"
        role="switch"
        aria-checked={active}
        aria-label="Workflow ON/OFF"
        // Busy while toggling, and while core's rule is still on its way (the switch cannot turn ON yet).
        aria-busy={isBusy || isChecking}
        $on={active}
        disabled={disabled}
        onClick={toggle}
        data-testid="activation-switch"
        // The reason as the switch's description, an attribute (not text in the page, which
        // would also match a search for the step's name).
        aria-description={showsReason ? shownReason : undefined}
      >
        {active ? 'ON' : 'OFF'}
      </Track>
    </Tip>
  );
});
