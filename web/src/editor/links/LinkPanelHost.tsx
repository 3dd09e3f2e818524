import { observer } from 'mobx-react-lite';
import { lazyChunk, useLazyChunk } from '../../ui/lazy-chunk.js';
import { useEditor } from '../editor-context.js';
import { FailedPanelDrawer } from '../FailedPanelDrawer.js';

// The filter editor brings the pill field (CodeMirror): it loads when a link panel first opens,
// never with the page (initial JavaScript stays small). Drawn as soon as it arrives, without a
// Suspense boundary (which holds its content back up to 300 ms), and a failed download says so
// in the drawer's place instead of reaching the page's error boundary.
const linkPanelChunk = lazyChunk(() => import('./LinkPanel.js'));

/** The filter and delay panel of the selected link (editor-core 2.10), loaded on first use. */
export const LinkPanelHost = observer(function LinkPanelHost() {
  const editor = useEditor();
  const isOpen = editor.linkPanel !== null;
  const { module, isFailed, retry } = useLazyChunk(linkPanelChunk, isOpen);
  if (!isOpen) return null;
  if (isFailed) {
    return (
      <FailedPanelDrawer
        label="Link settings"
        what="The link panel"
        onRetry={retry}
        onClose={() => editor.closeLinkPanel()}
      />
    );
  }
  return module ? <module.LinkPanel /> : null;
});
