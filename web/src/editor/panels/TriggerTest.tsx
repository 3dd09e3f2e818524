import * as Popover from '@radix-ui/react-popover';
import { observer } from 'mobx-react-lite';
import { type ReactNode, useEffect, useState } from 'react';
import styled from 'styled-components';
import { refusal, useCan } from '../../access/useCan.js';
import { Button, Spinner, useToast } from '../../ui/index.js';
import { useEditor } from '../editor-context.js';
import {
  choiceLabel,
  formIdOf,
  formUrl,
  GETTING_READY_TEXT,
  type ITriggerTestModel,
  LISTENING_TEXT,
  NOTHING_FOUND_TEXT,
} from './panel-trigger-test.js';
import { ErrorBox, Input, Muted, OptionButton, OptionList, Row, SuccessBox, TextArea } from './parts.js';
import { TestViewer } from './TestViewer.js';

const PopoverContent = styled(Popover.Content)`
  z-index: 30;
  width: 360px;
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.dialog};
  textarea { min-height: 160px; }
`;

/** Copies a text and says so ('Copied to clipboard'). */
export function useCopy(): (text: string) => Promise<void> {
  const { showToast } = useToast();
  return async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      showToast({ status: 'success', message: 'Copied to clipboard' });
    } catch {
      showToast({ status: 'error', message: 'Could not copy. Select the address and copy it by hand.' });
    }
  };
}

/** The URL a webhook or form trigger listens on, with a copy button (editor-core 2.9). */
const TriggerUrl = observer(function TriggerUrl({ model }: { model: ITriggerTestModel }) {
  const isForm = model.data.type === 'junction-forms';
  return isForm ? <FormUrl model={model} /> : <HookUrl />;
});

const FormUrl = observer(function FormUrl({ model }: { model: ITriggerTestModel }) {
  const url = formUrl(window.location.origin, formIdOf(model.data));
  return <CopyableUrl label="Form URL" url={url} />;
});

/**
 * The webhook URL: a random key the server keeps per workflow (never the workflow id), read
 * from GET /api/workflows/{id}/hook; 'New URL' makes another and the old one stops at once.
 */
export const HookUrl = observer(function HookUrl() {
  const editor = useEditor();
  const { showToast } = useToast();
  // Empty while the server's answer is on its way; a failed answer is said, never a blank field.
  const [url, setUrl] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: 'attempt' asks again (Try again).
  useEffect(() => {
    let live = true;
    setFailure(null);
    editor
      .webhookUrl()
      .then((next) => live && setUrl(next))
      .catch((error: unknown) => live && setFailure(error instanceof Error ? error.message : String(error)));
    return () => {
      live = false;
    };
  }, [editor, attempt]);
  const rotate = async () => {
    try {
      setUrl(await editor.newWebhookUrl());
      setFailure(null);
      showToast({ status: 'success', message: 'New webhook URL made. The old URL no longer works.' });
    } catch (error) {
      showToast({ status: 'error', message: error instanceof Error ? error.message : 'Could not make a new URL.' });
    }
  };
  if (failure !== null && url === '') {
    return (
      <ErrorBox role="alert">
        Could not get this workflow's webhook URL: {failure}{' '}
        <Button variant="ghost" onClick={() => setAttempt((n) => n + 1)}>
          Try again
        </Button>
      </ErrorBox>
    );
  }
  return (
    <CopyableUrl label="Webhook URL" url={url} placeholder="Getting your webhook URL…">
      <Button variant="ghost" disabled={url === ''} onClick={() => void rotate()}>
        New URL
      </Button>
    </CopyableUrl>
  );
});

function CopyableUrl({
  label,
  url,
  placeholder,
  children,
}: {
  label: string;
  url: string;
  placeholder?: string;
  children?: ReactNode;
}) {
  const copy = useCopy();
  return (
    <div>
      <Muted>{label}</Muted>
      <Row style={{ marginTop: 0, flexWrap: 'nowrap' }}>
        <Input
          aria-label={label}
          readOnly
          value={url}
          placeholder={placeholder}
          onFocus={(event) => event.target.select()}
        />
        <Button variant="ghost" disabled={url === ''} onClick={() => void copy(url)}>
          Copy
        </Button>
        {children}
      </Row>
    </div>
  );
}

/** 'Customize Trigger Data': paste a JSON sample. */
const CustomizeData = observer(function CustomizeData({ model }: { model: ITriggerTestModel }) {
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button variant="ghost">Customize Trigger Data</Button>
      </Popover.Trigger>
      <Popover.Portal>
        <PopoverContent align="start" sideOffset={4} aria-label="Customize Trigger Data">
          <label htmlFor="trigger-sample">
            <strong>Paste a JSON sample</strong>
          </label>
          <TextArea
            id="trigger-sample"
            value={model.sampleText}
            placeholder='{ "amount": 42 }'
            onChange={(event) => model.setSampleText(event.target.value)}
          />
          {model.sampleError && <ErrorBox role="alert">{model.sampleError}</ErrorBox>}
          <Row>
            <Popover.Close asChild>
              <Button variant="ghost">Cancel</Button>
            </Popover.Close>
            <Button onClick={() => model.applySample()}>Use this sample</Button>
          </Row>
        </PopoverContent>
      </Popover.Portal>
    </Popover.Root>
  );
});

/**
 * The trigger panel's Test step (editor-core 2.9, 4.8): the URL with copy, 'Test Trigger',
 * listening up to 61 s with Cancel, 'found!' with 'Choose another...' and 'Load More', the
 * error box with 'Try again' and 'Skip & continue', and 'Customize Trigger Data'.
 */
export const TriggerTest = observer(function TriggerTest({
  model,
  onDone,
}: {
  model: ITriggerTestModel;
  onDone: () => void;
}) {
  useEffect(() => () => model.dispose(), [model]);
  const testRefusal = refusal(useCan('workflow.test'));
  const selected = model.choices[model.selectedIndex];
  return (
    <div>
      {model.isListening && <TriggerUrl model={model} />}
      {model.state === 'idle' && (
        <>
          <Muted>
            {testRefusal ??
              (model.isListening
                ? 'Send a request to the URL above, then test the trigger: we wait for it for up to 61 seconds.'
                : 'Test the trigger to fetch recent items from the app.')}
          </Muted>
          <Row>
            <Button
              data-tour="test-trigger"
              disabled={testRefusal !== undefined}
              title={testRefusal}
              onClick={() => void model.start()}
            >
              Test Trigger
            </Button>
            <CustomizeData model={model} />
          </Row>
        </>
      )}
      {model.state === 'listening' && (
        <div aria-live="polite">
          <Row>
            <Spinner label={model.isGettingReady ? GETTING_READY_TEXT : LISTENING_TEXT} size={20} />
            <strong>{model.isGettingReady ? GETTING_READY_TEXT : LISTENING_TEXT}</strong>
            {model.isListening && !model.isGettingReady && <Muted>{model.secondsLeft} s left</Muted>}
          </Row>
          <Row>
            <Button variant="ghost" onClick={() => model.cancel()}>
              Cancel
            </Button>
          </Row>
        </div>
      )}
      {model.state === 'found' && selected !== undefined && (
        <div aria-live="polite">
          <SuccessBox role="status">
            <strong>{choiceLabel(selected, model.selectedIndex)}</strong> found!
          </SuccessBox>
          <Row>
            <Button variant="ghost" onClick={() => model.setChoosingAnother(!model.isChoosingAnother)}>
              Choose another...
            </Button>
            <Button
              variant="ghost"
              disabled={testRefusal !== undefined}
              title={testRefusal}
              onClick={() => void model.start()}
            >
              Test again
            </Button>
            <CustomizeData model={model} />
          </Row>
          {model.isChoosingAnother && (
            <>
              <OptionList aria-label="Samples">
                {model.choices.map((choice, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: samples are listed in the answer's order
                  <li key={index}>
                    <OptionButton $selected={index === model.selectedIndex} onClick={() => model.choose(index)}>
                      {choiceLabel(choice, index)}
                    </OptionButton>
                  </li>
                ))}
              </OptionList>
              {model.next && (
                <Row>
                  <Button variant="ghost" disabled={model.isLoadingMore} onClick={() => void model.loadMore()}>
                    Load More
                  </Button>
                </Row>
              )}
            </>
          )}
          <TestViewer output={selected} />
          <Row>
            <Button onClick={onDone}>Continue</Button>
          </Row>
        </div>
      )}
      {model.state === 'error' && model.error && (
        <ErrorBox role="alert">
          <p>
            <strong>{model.error.name}</strong>
          </p>
          <p>{model.error.message}</p>
          {model.error.requestId && <p>Request ID: {model.error.requestId}</p>}
          <p>{NOTHING_FOUND_TEXT}</p>
          <Row>
            <Button onClick={() => void model.start()}>Try again</Button>
            <Button variant="ghost" onClick={onDone}>
              Skip &amp; continue
            </Button>
            <CustomizeData model={model} />
          </Row>
        </ErrorBox>
      )}
    </div>
  );
});
