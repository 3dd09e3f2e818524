/**
 * The four-digit code modal (onboarding 2, 4 "Sign-up flow", 9): one box per character; a
 * paste splits across the boxes; a wrong code clears after 1.5 s and focuses the first box.
 */

import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { useRootStore } from '../stores/root-store.js';
import { Spinner } from '../ui/index.js';
import { CODE_LENGTH, CodeEntry } from './onboarding-code.js';
import { LinkButton, Small, StickyModal } from './parts.js';

const Boxes = styled.div`
  display: flex;
  justify-content: center;
  gap: ${({ theme }) => theme.space(3)};
  margin: ${({ theme }) => theme.space(4)} 0;
`;

const Box = styled.input<{ $isWrong: boolean }>`
  width: 56px;
  height: 64px;
  border: 2px solid ${({ theme, $isWrong }) => ($isWrong ? theme.colors.secondary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.medium};
  font: inherit;
  font-size: 28px;
  text-align: center;
  &:focus-visible { outline: none; border-color: ${({ theme }) => theme.colors.focus}; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

const Message = styled.p`
  min-height: 20px;
  margin: 0;
  text-align: center;
  color: ${({ theme }) => theme.colors.dangerText};
`;

/** Props of {@link CodeModal}. */
export interface CodeModalProps {
  email: string;
  onVerified: () => void;
}

/** The code modal. */
export const CodeModal = observer(function CodeModal({ email, onVerified }: CodeModalProps) {
  const root = useRootStore();
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const [entry] = useState(() =>
    root.createModel(
      CodeEntry,
      {},
      {
        onVerified,
        focusBox: (index: number) => inputs.current[index]?.focus(),
        setTimeout: (run: () => void, ms: number) => window.setTimeout(run, ms),
      },
    ),
  );
  useEffect(() => {
    inputs.current[0]?.focus();
  }, []);
  const isWrong = entry.phase === 'wrong';
  return (
    <StickyModal
      title="Check your inbox"
      description={`Enter the 4-digit code we sent to ${email}.`}
      testId="code-modal"
    >
      <Boxes
        role="group"
        aria-label="Verification code"
        onPaste={(event) => {
          event.preventDefault();
          entry.paste(event.clipboardData.getData('text'));
        }}
      >
        {Array.from({ length: CODE_LENGTH }, (_, index) => (
          <Box
            // The boxes are a fixed row of four; the index is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed positions
            key={index}
            ref={(el) => {
              inputs.current[index] = el;
            }}
            aria-label={`Digit ${index + 1}`}
            inputMode="numeric"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            value={entry.boxes[index]}
            $isWrong={isWrong}
            disabled={entry.phase === 'checking'}
            onChange={(event) => entry.type(index, event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Backspace') entry.backspace(index);
            }}
          />
        ))}
      </Boxes>
      <Message role="alert">{entry.message}</Message>
      {entry.phase === 'checking' && <Spinner label="Checking the code" />}
      <Small>
        No mail? <LinkButton onClick={() => void entry.resend()}>Send a new code</LinkButton>{' '}
        <span role="status">{entry.resendText}</span>
      </Small>
    </StickyModal>
  );
});
