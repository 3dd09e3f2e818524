import { observer } from 'mobx-react-lite';
import { lazy, Suspense } from 'react';
import { useEditor } from '../editor-context.js';

// The filter editor brings the pill field (CodeMirror): it loads when a link panel first opens,
// never with the page (initial JavaScript stays small).
const LinkPanel = lazy(async () => ({ default: (await import('./LinkPanel.js')).LinkPanel }));

/** The filter and delay panel of the selected link (editor-core 2.10), loaded on first use. */
export const LinkPanelHost = observer(function LinkPanelHost() {
  const editor = useEditor();
  if (!editor.linkPanel) return null;
  return (
    <Suspense fallback={null}>
      <LinkPanel />
    </Suspense>
  );
});
