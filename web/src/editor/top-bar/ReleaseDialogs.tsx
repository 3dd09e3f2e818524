/**
 * The publish and versions dialogs of the top bar's lifecycle controls (PublishControls.tsx):
 * a chunk of their own, fetched when the pointer or focus first reaches Publish or Versions, so
 * the editor's first load leaves them out (DESIGN "A workflow's life",
 * docs/drafts-and-versions.md). The calls are the store's (`editor/model/editor-releases.ts`).
 */
import type { DraftImpact, WorkflowVersion } from '@junction/api-spec';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { refusal, useCan } from '../../access/useCan.js';
import { failureText } from '../../stores/api-failure.js';
import { Button, Dialog, TextField, useToast } from '../../ui/index.js';
import { useEditor } from '../editor-context.js';

const Group = styled.div`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
`;

const Lines = styled.ul`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  padding-left: ${({ theme }) => theme.space(5)};
  li { margin-bottom: ${({ theme }) => theme.space(1)}; }
`;

const Note = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Failure = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.colors.secondary};
`;

const Row = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(2)};
`;

const VersionList = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  max-height: 420px;
  overflow: auto;
  > li {
    padding: ${({ theme }) => theme.space(2)} 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  h3 { margin: 0 0 ${({ theme }) => theme.space(1)}; font-size: inherit; }
  p { margin: 0 0 ${({ theme }) => theme.space(1)}; color: ${({ theme }) => theme.colors.textMuted}; }
  ul { margin: 0 0 ${({ theme }) => theme.space(1)}; padding-left: ${({ theme }) => theme.space(5)}; }
`;

/** "2 runs in flight and 1 waiting in a delay finish on the version they started with." */
export function inFlightText(inFlight: DraftImpact['inFlight']): string {
  const running = inFlight.queued + inFlight.running;
  if (running === 0 && inFlight.waiting === 0) return 'No runs are in flight.';
  const parts = [
    ...(running > 0 ? [`${running} ${running === 1 ? 'run' : 'runs'} in flight`] : []),
    ...(inFlight.waiting > 0 ? [`${inFlight.waiting} waiting in a delay`] : []),
  ];
  return `${parts.join(' and ')} finish on the version they started with.`;
}

const when = (iso: string) => new Date(iso).toLocaleString();

/** The publish dialog: the impact, an optional note, Publish and Discard draft. */
export const PublishDialog = observer(function PublishDialog({ onClose }: { onClose: () => void }) {
  const editor = useEditor();
  const { showToast } = useToast();
  const [impact, setImpact] = useState<DraftImpact | null>(null);
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState('');
  const [isBusy, setBusy] = useState(false);
  useEffect(() => {
    editor
      .publishImpact()
      .then(setImpact, (error: unknown) => setFailure(failureText(error, 'The changes could not be read.')));
  }, [editor]);

  const publish = async () => {
    setBusy(true);
    setFailure('');
    try {
      const version = await editor.publish(note);
      showToast({ status: 'success', message: `Published version ${version.number}` });
      onClose();
    } catch (error) {
      setFailure(failureText(error, 'The draft was not published.'));
    } finally {
      setBusy(false);
    }
  };
  const discard = async () => {
    setBusy(true);
    try {
      await editor.discardDraft();
      showToast({ status: 'success', message: 'Draft discarded: the editor shows the published version.' });
      onClose();
    } catch (error) {
      setFailure(failureText(error, 'The draft was not discarded.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Publish changes"
      description={
        editor.publishedVersion === null
          ? 'The draft becomes the version that runs.'
          : `The draft replaces version ${editor.publishedVersion}, which runs now.`
      }
    >
      {impact === null && !failure && <Note>Reading the changes…</Note>}
      {impact && (
        <>
          {impact.lines.length === 0 && <Note>Only test samples changed: the steps run as they do now.</Note>}
          <Lines aria-label="Changes">
            {impact.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </Lines>
          {impact.removed.length > 0 && (
            <Note>Removed steps stop running: {impact.removed.map((s) => `"${s.name}"`).join(', ')}.</Note>
          )}
          <Note data-testid="publish-in-flight">{inFlightText(impact.inFlight)}</Note>
        </>
      )}
      <TextField label="Note (optional)" value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
      {failure && <Failure role="alert">{failure}</Failure>}
      <Row>
        <Button type="button" variant="ghost" disabled={isBusy} onClick={discard}>
          Discard draft
        </Button>
        <Button type="button" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="button" disabled={isBusy || impact === null} onClick={publish}>
          {isBusy ? 'Publishing…' : 'Publish'}
        </Button>
      </Row>
    </Dialog>
  );
});

/** The history of versions: each with who, when, its note and summary; View and Restore. */
export const HistoryDialog = observer(function HistoryDialog({ onClose }: { onClose: () => void }) {
  const editor = useEditor();
  const { showToast } = useToast();
  const [versions, setVersions] = useState<WorkflowVersion[] | null>(null);
  const [failure, setFailure] = useState('');
  const headingId = useId();
  const mayEdit = refusal(useCan('workflow.edit'));
  useEffect(() => {
    editor
      .listVersions()
      .then(setVersions, (error: unknown) => setFailure(failureText(error, 'The versions could not be read.')));
  }, [editor]);

  const act = async (work: () => Promise<void>, done?: string) => {
    try {
      await work();
      if (done) showToast({ status: 'success', message: done });
      onClose();
    } catch (error) {
      setFailure(failureText(error));
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Versions" size="large">
      {versions === null && !failure && <Note>Reading the versions…</Note>}
      {versions?.length === 0 && <Note>No version yet: switching the workflow ON publishes the first.</Note>}
      {failure && <Failure role="alert">{failure}</Failure>}
      {versions && versions.length > 0 && (
        <VersionList aria-labelledby={headingId}>
          {versions.map((v) => (
            <li key={v.number} data-testid={`version-${v.number}`}>
              <h3 id={v.number === versions[0]?.number ? headingId : undefined}>
                Version {v.number}
                {v.number === editor.publishedVersion ? ' (running)' : ''}
              </h3>
              <p>
                {when(v.publishedAt)}
                {v.publishedBy ? ` by ${v.publishedBy}` : ''}
                {v.note ? ` — ${v.note}` : ''}
              </p>
              <ul>
                {v.summary.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              <Group>
                <Button
                  type="button"
                  size="small"
                  variant="secondary"
                  onClick={() => act(() => editor.openVersion(v.number))}
                >
                  View
                </Button>
                <Button
                  type="button"
                  size="small"
                  variant="ghost"
                  disabled={mayEdit !== undefined}
                  title={mayEdit}
                  onClick={() =>
                    act(() => editor.restoreVersion(v.number), `Version ${v.number} restored as the draft`)
                  }
                >
                  Restore
                </Button>
              </Group>
            </li>
          ))}
        </VersionList>
      )}
    </Dialog>
  );
});
