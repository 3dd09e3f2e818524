/**
 * A live workflow's draft and versions in the top bar (DESIGN "A workflow's life",
 * docs/drafts-and-versions.md): the state (Live, or Draft with unpublished changes), Publish
 * with its impact (the change in words, runs in flight or waiting in a delay), Discard draft,
 * and the history of versions, each opened read-only on the canvas or restored as the draft.
 * Everything shown comes from the server and core's rules; the calls are the store's
 * (`editor/model/editor-releases.ts`). The two dialogs are a chunk of their own
 * (ReleaseDialogs.tsx), fetched when the pointer or focus reaches Publish or Versions, and
 * drawn as soon as it is in (no Suspense, which holds content back up to 300 ms).
 */
import { Layers } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import styled from 'styled-components';
import { refusal, useCan } from '../../access/useCan.js';
import { failureText } from '../../stores/api-failure.js';
import { Badge, Button, Dialog, useToast } from '../../ui/index.js';
import { ChunkFailure, lazyChunk, useLazyChunk } from '../../ui/lazy-chunk.js';
import { useEditor } from '../editor-context.js';
import { IconButton, Tip } from './parts.js';

const releaseDialogsChunk = lazyChunk(() => import('./ReleaseDialogs.js'));
/** Starts fetching the dialogs (pointer or focus on the buttons that open them). */
const preloadDialogs = () => void releaseDialogsChunk.load().catch(() => undefined);

/** The opened dialog, once its chunk is in; says so with Try again when the download failed. */
function ReleaseDialog({ which, onClose }: { which: 'publish' | 'history'; onClose: () => void }) {
  const { module, isFailed, retry } = useLazyChunk(releaseDialogsChunk);
  if (isFailed) {
    return (
      <Dialog open onOpenChange={(open) => !open && onClose()} title={which === 'publish' ? 'Publish' : 'Versions'}>
        <ChunkFailure what={which === 'publish' ? 'Publishing' : 'The versions'} onRetry={retry} />
      </Dialog>
    );
  }
  if (!module) return null;
  return which === 'publish' ? <module.PublishDialog onClose={onClose} /> : <module.HistoryDialog onClose={onClose} />;
}

const Group = styled.div`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
`;

/**
 * The lifecycle controls: while a version is open read-only, its name with Back and Restore;
 * else, on a workflow that is ON, Live or Draft, Publish (an editor's action, as the switch) and
 * the history.
 */
export const PublishControls = observer(function PublishControls() {
  const editor = useEditor();
  const [open, setOpen] = useState<'publish' | 'history' | null>(null);
  const mayPublish = refusal(useCan('workflow.switch'));
  const mayEdit = refusal(useCan('workflow.edit'));
  const { showToast } = useToast();

  if (editor.viewingVersion !== null) {
    const number = editor.viewingVersion;
    return (
      <Group>
        <Badge tone="info">Version {number}</Badge>
        <Button type="button" size="small" variant="secondary" onClick={() => void editor.closeVersion()}>
          Back to editing
        </Button>
        <Button
          type="button"
          size="small"
          disabled={mayEdit !== undefined}
          title={mayEdit}
          onClick={() =>
            editor.restoreVersion(number).then(
              () => showToast({ status: 'success', message: `Version ${number} restored as the draft` }),
              (error: unknown) => showToast({ status: 'error', message: failureText(error) }),
            )
          }
        >
          Restore
        </Button>
      </Group>
    );
  }
  const state = editor.lifecycle;
  const hasHistory = state !== null && (state !== 'off' || editor.publishedVersion !== null);
  return (
    <Group>
      {state === 'live' && (
        <span data-testid="lifecycle-state">
          <Badge tone="success">Live{editor.publishedVersion === null ? '' : ` · v${editor.publishedVersion}`}</Badge>
        </span>
      )}
      {state === 'draft' && (
        <span data-testid="lifecycle-state">
          <Badge tone="warning">Draft · unpublished changes</Badge>
        </span>
      )}
      {state === 'draft' && (
        <Button
          type="button"
          size="small"
          disabled={mayPublish !== undefined}
          title={mayPublish}
          onPointerEnter={preloadDialogs}
          onFocus={preloadDialogs}
          onClick={() => setOpen('publish')}
        >
          Publish
        </Button>
      )}
      {state !== null && (
        <Tip content={hasHistory ? 'Versions of this workflow' : 'Versions (switching ON publishes the first)'}>
          <IconButton
            aria-label="Versions"
            onPointerEnter={preloadDialogs}
            onFocus={preloadDialogs}
            onClick={() => setOpen('history')}
          >
            <Layers size={18} aria-hidden="true" />
          </IconButton>
        </Tip>
      )}
      {open !== null && <ReleaseDialog which={open} onClose={() => setOpen(null)} />}
    </Group>
  );
});
