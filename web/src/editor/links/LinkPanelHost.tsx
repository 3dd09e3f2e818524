import { observer } from 'mobx-react-lite';
import styled from 'styled-components';
import { Button } from '../../ui/Button.js';
import { ChunkFailure, lazyChunk, useLazyChunk } from '../../ui/lazy-chunk.js';
import { useEditor } from '../editor-context.js';

// The filter editor brings the pill field (CodeMirror): it loads when a link panel first opens,
// never with the page (initial JavaScript stays small). Drawn as soon as it arrives, without a
// Suspense boundary (which holds its content back up to 300 ms), and a failed download says so
// in the drawer's place instead of reaching the page's error boundary.
const linkPanelChunk = lazyChunk(() => import('./LinkPanel.js'));

const FailedDrawer = styled.aside`
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

/** The filter and delay panel of the selected link (editor-core 2.10), loaded on first use. */
export const LinkPanelHost = observer(function LinkPanelHost() {
  const editor = useEditor();
  const isOpen = editor.linkPanel !== null;
  const { module, isFailed, retry } = useLazyChunk(linkPanelChunk, isOpen);
  if (!isOpen) return null;
  if (isFailed) {
    return (
      <FailedDrawer aria-label="Link settings">
        <ChunkFailure what="The link panel" onRetry={retry} />
        <Actions>
          <Button variant="ghost" size="small" onClick={() => editor.closeLinkPanel()}>
            Close
          </Button>
        </Actions>
      </FailedDrawer>
    );
  }
  return module ? <module.LinkPanel /> : null;
});
