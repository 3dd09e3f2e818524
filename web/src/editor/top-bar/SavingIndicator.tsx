import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import type { SavePhase } from '../../stores/editor-store.js';
import { useEditor } from '../editor-context.js';
import { Tip } from './parts.js';

/** How long 'Saved' shows after a save (editor-core 4.5). */
export const SAVED_SHOWN_MS = 1000;
/** How long the tooltip shows after a save (editor-core 4.5). */
export const SAVED_TOOLTIP_MS = 3000;

/** Returns the indicator's tooltip: 'Saving changes...' while saving, 'All changes saved' after (editor-core 2.2). */
export function savingTooltip(phase: SavePhase): string {
  if (phase === 'saving') return 'Saving changes...';
  if (phase === 'saveFailed') return 'Changes not saved';
  return 'All changes saved';
}

const Indicator = styled.span<{ $failed: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  min-width: 84px;
  height: 36px;
  font-size: ${({ theme }) => theme.font.size.small};
  color: ${({ theme, $failed }) => ($failed ? theme.colors.secondary : theme.colors.textMuted)};
`;

/**
 * The saving indicator (editor-core 2.2, 4.5): a cloud that reads 'Saving…' while saving and
 * 'Saved' for 1 s afterwards; its tooltip opens for 3 s after each save and on hover.
 */
export const SavingIndicator = observer(function SavingIndicator() {
  const { savePhase, revision } = useEditor();
  const [isSavedShown, setSavedShown] = useState(false);
  const [isTipForced, setTipForced] = useState(false);
  const [isHovered, setHovered] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each save bumps the revision, so consecutive saves restart both timers.
  useEffect(() => {
    if (savePhase !== 'saved') return;
    setSavedShown(true);
    setTipForced(true);
    const hideSaved = setTimeout(() => setSavedShown(false), SAVED_SHOWN_MS);
    const hideTip = setTimeout(() => setTipForced(false), SAVED_TOOLTIP_MS);
    return () => {
      clearTimeout(hideSaved);
      clearTimeout(hideTip);
    };
  }, [savePhase, revision]);

  const label =
    savePhase === 'saving' ? 'Saving…' : savePhase === 'saveFailed' ? 'Not saved' : isSavedShown ? 'Saved' : '';
  return (
    <Tip content={savingTooltip(savePhase)} open={isTipForced || isHovered} onOpenChange={setHovered}>
      <Indicator
        $failed={savePhase === 'saveFailed'}
        role="status"
        aria-label={savingTooltip(savePhase)}
        data-phase={savePhase}
        tabIndex={0}
      >
        <span aria-hidden="true">☁</span>
        <span>{label}</span>
      </Indicator>
    </Tip>
  );
});
