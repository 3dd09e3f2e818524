import { Button } from './Button.js';
import { Dialog } from './Dialog.js';

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What the action does, said before it is done. */
  description: string;
  onConfirm: () => void;
  /** Cancel, Escape or a click outside. */
  onCancel: () => void;
}

/**
 * A small dialog asking to confirm a destructive action: Cancel, and 'Confirm delete' as a
 * danger button.
 *
 * @example
 * <ConfirmDialog open={deleting !== null} title="Delete Orders?" description="…" onConfirm={remove} onCancel={close} />
 */
export function ConfirmDialog({ open, title, description, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => !isOpen && onCancel()}
      title={title}
      description={description}
      size="small"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm}>
            Confirm delete
          </Button>
        </>
      }
    />
  );
}
