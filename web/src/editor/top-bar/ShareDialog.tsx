import { observer } from 'mobx-react-lite';
import { type FormEvent, useId, useState } from 'react';
import styled from 'styled-components';
import { failureText } from '../../stores/api-failure.js';
import { AppIcon, Button, Dialog, TextField, useToast } from '../../ui/index.js';
import { useEditor } from '../editor-context.js';
import { copyText, SHARE_TEXTS, shareIcons } from './share.js';

const Icons = styled.ul`
  list-style: none;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin: ${({ theme }) => theme.space(3)} 0;
  padding: 0;
  li {
    width: 40px;
    height: 40px;
    display: grid;
    place-items: center;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.medium};
    font-weight: 700;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  img { width: 28px; height: 28px; object-fit: contain; }
`;

const Area = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  margin-bottom: ${({ theme }) => theme.space(3)};
  label { font-weight: 600; }
  textarea {
    padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.small};
    font: inherit;
    resize: vertical;
    &:focus-visible { outline: none; border-color: ${({ theme }) => theme.colors.focus}; box-shadow: ${({ theme }) => theme.focusRing}; }
  }
  span { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.size.small}; }
`;

const Row = styled.div`
  display: flex;
  justify-content: flex-end;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(2)};
`;

const Failure = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.colors.secondary};
`;

const Grow = styled.div`
  flex: 1;
  > div { margin-bottom: 0; }
`;

/** Props of {@link ShareDialog}. */
export interface ShareDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The share dialog and its success dialog (editor-core 2.4): app icons (at most 20), 'Workflow
 * title', a 10-row 'Workflow description' with an example, Share; then the read-only template
 * address with a copy button ('Copied to clipboard'). Pending edits are saved before sharing.
 */
export const ShareDialog = observer(function ShareDialog({ open, onOpenChange }: ShareDialogProps) {
  const editor = useEditor();
  const { showToast } = useToast();
  const [title, setTitle] = useState(editor.wf.name);
  const [description, setDescription] = useState('');
  const [failure, setFailure] = useState('');
  const [isSharing, setSharing] = useState(false);
  const [sharedUrl, setSharedUrl] = useState<string | null>(null);
  const descriptionId = useId();
  const icons = shareIcons(editor.wf.data);

  const reset = (next: boolean) => {
    if (next) {
      setTitle(editor.wf.name);
      setDescription('');
      setFailure('');
    }
    onOpenChange(next);
  };

  const share = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = title.trim();
    if (!trimmed) {
      setFailure('Give the template a title.');
      return;
    }
    setSharing(true);
    setFailure('');
    try {
      const url = await editor.shareAsTemplate(trimmed, description);
      onOpenChange(false);
      setSharedUrl(url);
    } catch (error) {
      setFailure(failureText(error, SHARE_TEXTS.failed));
    } finally {
      setSharing(false);
    }
  };

  const copy = async () => {
    if (
      sharedUrl &&
      (await copyText(sharedUrl, document.getElementById(`${descriptionId}-url`) as HTMLInputElement | null))
    ) {
      showToast({ status: 'success', message: SHARE_TEXTS.copied });
    } else {
      showToast({ status: 'error', message: 'Copying failed: select the address and copy it yourself.' });
    }
  };

  return (
    <>
      <Dialog open={open} onOpenChange={reset} title={SHARE_TEXTS.title}>
        <form onSubmit={share}>
          {icons.length > 0 && (
            <Icons aria-label="Apps in this workflow">
              {icons.map((app) => (
                <li key={app.app} title={app.label}>
                  <AppIcon src={app.icon} name={app.label} alt={app.label} size={28} />
                </li>
              ))}
            </Icons>
          )}
          <TextField
            label="Workflow title"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            maxLength={200}
          />
          <Area>
            <label htmlFor={descriptionId}>Workflow description</label>
            <textarea
              id={descriptionId}
              rows={10}
              value={description}
              maxLength={5000}
              aria-describedby={`${descriptionId}-hint`}
              onChange={(event) => setDescription(event.target.value)}
            />
            <span id={`${descriptionId}-hint`}>{SHARE_TEXTS.descriptionHint}</span>
          </Area>
          {failure && <Failure role="alert">{failure}</Failure>}
          <Row>
            <Button type="button" variant="ghost" onClick={() => reset(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSharing}>
              {isSharing ? 'Sharing…' : 'Share'}
            </Button>
          </Row>
        </form>
      </Dialog>
      <Dialog
        open={sharedUrl !== null}
        onOpenChange={(next) => !next && setSharedUrl(null)}
        title={SHARE_TEXTS.success}
        description={SHARE_TEXTS.notShared}
      >
        <Row>
          <Grow>
            <TextField
              label="Template URL"
              value={sharedUrl ?? ''}
              readOnly
              id={`${descriptionId}-url`}
              onFocus={(e) => e.target.select()}
            />
          </Grow>
          <Button type="button" onClick={copy}>
            Copy
          </Button>
        </Row>
      </Dialog>
    </>
  );
});
