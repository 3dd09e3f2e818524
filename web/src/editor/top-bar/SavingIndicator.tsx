import { CloudAlert, CloudCheck, CloudUpload } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { useEditor } from '../editor-context.js';
import type { SavePhase } from '../model/types.js';
import { Tip } from './parts.js';

/** How long 'Saved' shows after a save (editor-core 4.5). */
export const SAVED_SHOWN_MS = 1000;

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
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; border-radius: 4px; }
`;

/** The cloud that carries the state at all times: uploading, saved or failed. */
function PhaseIcon({ phase }: { phase: SavePhase }) {
  const props = { size: 18, 'aria-hidden': true, strokeWidth: 2 } as const;
  if (phase === 'saving') return <CloudUpload {...props} />;
  if (phase === 'saveFailed') return <CloudAlert {...props} />;
  return <CloudCheck {...props} />;
}

/**
 * The saving indicator (editor-core 2.2, 4.5): the cloud shows the state itself (uploading,
 * saved, failed), the text reads 'Saving…' while saving and 'Saved' for 1 s afterwards. Its
 * tooltip ('All changes saved') opens only on hover or keyboard focus: background autosaves
 * never pop a bubble over the canvas.
 */
export const SavingIndicator = observer(function SavingIndicator() {
  const { savePhase, revision } = useEditor();
  const [isSavedShown, setSavedShown] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each save bumps the revision, so consecutive saves restart the timer.
  useEffect(() => {
    if (savePhase !== 'saved') return;
    setSavedShown(true);
    const hideSaved = setTimeout(() => setSavedShown(false), SAVED_SHOWN_MS);
    return () => clearTimeout(hideSaved);
  }, [savePhase, revision]);

  const label =
    savePhase === 'saving' ? 'Saving…' : savePhase === 'saveFailed' ? 'Not saved' : isSavedShown ? 'Saved' : '';
  return (
    <Tip content={savingTooltip(savePhase)}>
      <Indicator
        $failed={savePhase === 'saveFailed'}
        role="status"
        aria-label={savingTooltip(savePhase)}
        data-phase={savePhase}
        tabIndex={0}
      >
        <PhaseIcon phase={savePhase} />
        <span>{label}</span>
      </Indicator>
    </Tip>
  );
});
