import { shareBlockedText, UNDO_LIST_SIZE } from '@junction/core';
import { ArrowLeft, Redo2, Undo2 } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { AccountMenu } from '../../account/AccountMenu.js';
import { exitHref } from '../../stores/session.js';
import { useToast } from '../../ui/index.js';
import { useEditor } from '../editor-context.js';
import { ActivationSwitch } from './ActivationSwitch.js';
import { HelpMenu } from './HelpMenu.js';
import { IssuesButton } from './IssuesButton.js';
import { PublishControls } from './PublishControls.js';
import { IconButton, Tip, TipProvider } from './parts.js';
import { RunsButton } from './RunsButton.js';
import { SavingIndicator } from './SavingIndicator.js';
import { refusal, useCan } from '../../access/useCan.js';

type ShareDialogModule = typeof import('./ShareDialog.js');
// The share dialog (editor-core 2.2 "Share") stays out of the editor's first load; it is fetched
// on the first click on Share and kept for the page's life.
let shareDialogModule: ShareDialogModule | null = null;
function loadShareDialog(): Promise<ShareDialogModule> {
  return import('./ShareDialog.js').then((module) => {
    shareDialogModule = module;
    return module;
  });
}

/** The share button's tooltip while core's activation rule has not answered yet. */
export const SHARE_CHECKING_TOOLTIP = 'Checking the workflow…';

const ShareButton = styled.button`
  height: 36px;
  padding: 0 ${({ theme }) => theme.space(4)};
  border: none;
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.primaryHover}; }
  &:disabled { background: ${({ theme }) => theme.colors.disabled}; color: ${({ theme }) => theme.colors.onDisabled}; cursor: not-allowed; }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

const Bar = styled.header`
  display: flex;
  align-items: center;
  /* 12 px between controls on a wide screen, closer on a narrow one: nothing is cut at 800 px. */
  gap: clamp(4px, 1vw, 12px);
  height: 56px;
  padding: 0 clamp(8px, 1.25vw, 16px);
  min-width: 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;

const Exit = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  height: 36px;
  padding: 0 ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.small};
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 600;
  text-decoration: none;
  &:hover { background: ${({ theme }) => theme.colors.background}; }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
  /* Medium and small screens: the arrow alone (its accessible name stays 'Exit to dashboard'). */
  @media ${({ theme }) => theme.media.belowLarge} {
    padding: 0 ${({ theme }) => theme.space(2)};
    span { display: none; }
  }
`;

const NameInput = styled.input`
  flex: 0 1 360px;
  min-width: 80px;
  height: 36px;
  padding: 0 ${({ theme }) => theme.space(2)};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radius.small};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-size: 16px;
  font-weight: 600;
  /* A long name ends in an ellipsis until the field is focused for editing. */
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
  &:hover { border-color: ${({ theme }) => theme.colors.border}; }
  &:focus { outline: none; border-color: ${({ theme }) => theme.colors.primary}; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

const Spacer = styled.div`
  flex: 1;
`;

/** Renders the undo hover list (editor-core 2.2): the last 10 descriptions, most recent first. */
function HistoryList({ title, descriptions }: { title: string; descriptions: string[] }) {
  if (descriptions.length === 0) return <span>{title}</span>;
  return (
    <div>
      <div>{title}</div>
      <ol aria-label={`${title} list`}>
        {descriptions.map((d, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: descriptions repeat ('delete step' twice); the place in the stack is the identity.
          <li key={`${i}-${d}`}>{d}</li>
        ))}
      </ol>
    </div>
  );
}

/** The workflow name field: placeholder 'Name your workflow'; Enter or blur commits (editor-core 2.2). */
const NameField = observer(function NameField() {
  const editor = useEditor();
  const { showToast } = useToast();
  const name = editor.wf.name;
  const [draft, setDraft] = useState(name);
  // An undo or a load changes the name under the field.
  useEffect(() => setDraft(name), [name]);

  const commit = () => {
    const next = draft.trim();
    if (!next) {
      setDraft(name);
      return;
    }
    if (next === name) return;
    editor.wf.setName(next);
    // editor-core 4.5: saving happens on name blur, without the autosave wait.
    void editor.saveNow();
    showToast({ status: 'success', message: `Workflow name updated: ${next}` });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') event.currentTarget.blur();
    if (event.key === 'Escape') {
      setDraft(name);
      // Blurring after the reset commits nothing.
      setTimeout(() => (event.target as HTMLInputElement).blur());
    }
  };
  return (
    <NameInput
      aria-label="Workflow name"
      placeholder="Name your workflow"
      title={draft}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={onKeyDown}
    />
  );
});

/**
 * The editor's top bar (editor-core 2.2): exit to the dashboard with the token, saving
 * indicator, editable name, undo and redo with their last-10 lists, the issues button, the
 * help menu, the ON/OFF switch and the share button (both disabled while an issue blocks
 * activation).
 */
export const TopBar = observer(function TopBar({ token }: { token: string | null }) {
  const editor = useEditor();
  const { history } = editor.wf;
  const undoList = history.undoDescriptions(UNDO_LIST_SIZE);
  const redoList = history.redoDescriptions(UNDO_LIST_SIZE);
  const [isSharing, setSharing] = useState(false);
  const [shareDialog, setShareDialog] = useState<ShareDialogModule | null>(shareDialogModule);
  // editor-core 4.2: sharing is disabled, like the switch, while an issue blocks activation
  // (and until core's activation rule has answered: ActivationSwitch loads it).
  const problems = editor.activationProblems ?? [];
  const isBlocked = problems.length > 0;
  const isChecking = editor.activationProblems === null;
  // The first problem that blocks, named as the switch names it (core's one rule).
  const blockedText = shareBlockedText(problems, (stepId) => editor.wf.stepById(stepId)?.data.name);
  const shareRefusal = refusal(useCan('workflow.share'));
  return (
    <TipProvider>
      <Bar>
        <Exit to={exitHref(token)} aria-label="Exit to dashboard">
          <ArrowLeft size={18} aria-hidden="true" />
          <span>Exit</span>
        </Exit>
        <NameField />
        <SavingIndicator />
        <Spacer />
        <Tip content={<HistoryList title="Undo" descriptions={undoList} />}>
          <IconButton aria-label="Undo" disabled={!editor.wf.canUndo} onClick={() => editor.wf.undo()}>
            <Undo2 size={18} aria-hidden="true" />
          </IconButton>
        </Tip>
        <Tip content={<HistoryList title="Redo" descriptions={redoList} />}>
          <IconButton aria-label="Redo" disabled={!editor.wf.canRedo} onClick={() => editor.wf.redo()}>
            <Redo2 size={18} aria-hidden="true" />
          </IconButton>
        </Tip>
        <IssuesButton />
        <RunsButton />
        <HelpMenu />
        <PublishControls />
        <ActivationSwitch />
        <Tip
          content={
            shareRefusal ?? (isBlocked ? blockedText : isChecking ? SHARE_CHECKING_TOOLTIP : 'Share as a template')
          }
        >
          <ShareButton
            type="button"
            disabled={shareRefusal !== undefined || isBlocked || isChecking}
            aria-description={shareRefusal ?? (isBlocked ? blockedText : undefined)}
            onClick={() => {
              // The dialog is a chunk of its own, loaded on the first Share.
              void loadShareDialog().then((module) => {
                setShareDialog(module);
                setSharing(true);
              });
            }}
          >
            Share
          </ShareButton>
        </Tip>
        <AccountMenu token={token} />
      </Bar>
      {shareDialog && <shareDialog.ShareDialog open={isSharing} onOpenChange={setSharing} />}
    </TipProvider>
  );
});
