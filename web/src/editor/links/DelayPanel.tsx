import type { ILink } from '@junction/core';
import { observer } from 'mobx-react-lite';
import { type FormEvent, useState } from 'react';
import { Button, TextField, useToast } from '../../ui/index.js';
import { useEditor } from '../editor-context.js';
import { parseDelay } from './filter-form.js';
import { PanelActions, PanelBody } from './parts.js';

/**
 * The delay panel (editor-core 2.10) of one link: 'Delay Time (seconds)' (whole seconds,
 * default 0) and 'Save delay'; the saved delay labels the link ('Delay: 30s').
 */
export const DelayPanel = observer(function DelayPanel({ link }: { link: ILink }) {
  const editor = useEditor();
  const { showToast } = useToast();
  const [text, setText] = useState(String(link.delaySeconds));
  const [error, setError] = useState('');

  const save = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseDelay(text);
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    editor.wf.setLinkDelay(link.id, parsed.seconds);
    showToast({
      status: 'success',
      message: parsed.seconds === 0 ? 'Delay removed' : `Delay of ${parsed.seconds} seconds saved`,
    });
    editor.closeLinkPanel();
  };

  return (
    <form onSubmit={save} noValidate>
      <PanelBody>
        <TextField
          label="Delay Time (seconds)"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={text}
          error={error || undefined}
          hint="The next step waits this long after the previous one finishes."
          onChange={(event) => {
            setText(event.target.value);
            setError('');
          }}
        />
        <PanelActions>
          <Button type="submit">Save delay</Button>
        </PanelActions>
      </PanelBody>
    </form>
  );
});
