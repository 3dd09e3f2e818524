/**
 * The support chat's body (a chunk of its own, drawn by SupportChatLauncher): a message box that
 * files a support ticket through the dashboard store's `submitTicket` (the Support page's path,
 * rule and limits), then the sent message and the answer state; a failure in core's words.
 */
import { useState } from 'react';
import styled from 'styled-components';
import { AccountStoreModel } from '../account/account-store.js';
import { failureText } from '../stores/api-failure.js';
import { usePageStore } from '../stores/root-store.js';
import { Button, Spinner, TextArea } from '../ui/index.js';
import { DashboardStoreModel } from './dashboard-store.js';
import { CHAT_TEXTS, canSendChat, chatReplyText, chatTicketDraft } from './support-chat.js';

const Row = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
`;

const Bubble = styled.p`
  align-self: flex-end;
  max-width: 85%;
  margin: 0;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  border-radius: ${({ theme }) => theme.radius.large};
  color: ${({ theme }) => theme.colors.onAccent};
  background: ${({ theme }) => theme.colors.accent};
`;

const Answer = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.successSubtle};
  color: ${({ theme }) => theme.colors.successText};
`;

const Failure = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.dangerText};
`;

const Column = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
`;

/** Props of {@link SupportChatPanel}. */
export interface SupportChatPanelProps {
  /** What the message box starts with (e.g. 'New trigger request: Formatter'). */
  draft?: string;
}

/** The chat's message box, then what was sent and where the answer will come. */
export function SupportChatPanel({ draft = '' }: SupportChatPanelProps) {
  const dashboard = usePageStore(DashboardStoreModel);
  const account = usePageStore(AccountStoreModel);
  const [text, setText] = useState(draft);
  const [phase, setPhase] = useState<'writing' | 'sending' | 'sent'>('writing');
  const [sent, setSent] = useState<{ text: string; email: string } | null>(null);
  const [failure, setFailure] = useState('');

  if (phase === 'sent' && sent) {
    return (
      <Column data-testid="support-chat-sent">
        <Bubble aria-label="Your message">{sent.text}</Bubble>
        <Answer role="status">
          {CHAT_TEXTS.sent} {chatReplyText(sent.email)}
        </Answer>
        <Row>
          <Button
            variant="secondary"
            onClick={() => {
              setText('');
              setSent(null);
              setPhase('writing');
            }}
          >
            {CHAT_TEXTS.another}
          </Button>
        </Row>
      </Column>
    );
  }

  return (
    <Column
      as="form"
      onSubmit={async (e: React.FormEvent) => {
        e.preventDefault();
        if (!canSendChat(text) || phase === 'sending') return;
        setPhase('sending');
        setFailure('');
        try {
          await dashboard.submitTicket(chatTicketDraft(text, window.location.href));
          // The ticket path read the user a moment ago: this answers from the cache.
          const email = await account.me().then(
            (me) => me.email,
            () => '',
          );
          setSent({ text: text.trim(), email });
          setPhase('sent');
        } catch (error) {
          setFailure(failureText(error, CHAT_TEXTS.failureLead));
          setPhase('writing');
        }
      }}
    >
      <TextArea
        label={CHAT_TEXTS.messageLabel}
        rows={4}
        value={text}
        autoFocus
        onChange={(e) => setText(e.target.value)}
        placeholder="How can we help?"
      />
      <Row>
        <Button type="submit" disabled={!canSendChat(text) || phase === 'sending'}>
          {CHAT_TEXTS.send}
        </Button>
        {phase === 'sending' && <Spinner label={CHAT_TEXTS.sending} />}
      </Row>
      {failure && <Failure role="alert">{failure}</Failure>}
    </Column>
  );
}
