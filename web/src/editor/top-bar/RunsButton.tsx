import { History } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useState } from 'react';
import { Dialog, Spinner } from '../../ui/index.js';
import { useEditor } from '../editor-context.js';
import { IconButton, Tip } from './parts.js';

// The list loads with the dialog, not with the editor page.
const ExecutionsList = lazy(async () => ({
  default: (await import('../../executions/ExecutionsList.js')).ExecutionsList,
}));

/**
 * The top bar's Runs entry: opens this workflow's runs (newest first, status filter, paging);
 * a row opens the replay viewer.
 */
export const RunsButton = observer(function RunsButton() {
  const editor = useEditor();
  const [isOpen, setOpen] = useState(false);
  const workflowId = editor.isLoaded ? editor.wf.id : null;
  return (
    <>
      <Tip content="Runs of this workflow">
        <IconButton aria-label="Runs" disabled={!workflowId} onClick={() => setOpen(true)}>
          <History size={18} aria-hidden="true" />
          <span style={{ fontSize: 14 }}>Runs</span>
        </IconButton>
      </Tip>
      {workflowId && (
        <Dialog open={isOpen} onOpenChange={setOpen} title="Runs" size="large">
          <Suspense fallback={<Spinner label="Loading runs" />}>
            <ExecutionsList workflowId={workflowId} />
          </Suspense>
        </Dialog>
      )}
    </>
  );
});
