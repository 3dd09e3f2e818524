import { useState } from 'react';
import styled from 'styled-components';
import { usePageStore } from '../stores/root-store.js';
import { Button, Spinner, TextArea, TextField } from '../ui/index.js';
import { DashboardStoreModel } from './dashboard-store.js';
import { canSubmitTicket, TICKET_TEXTS } from './dashboard-tickets.js';
import { failureText } from './dashboard-workflows.js';

// The message box is the design system's text area, as the App and Event fields are its text
// fields: a bare textarea took the browser's grey fill in the dark theme.
const Message = styled(TextArea)`
  textarea { min-height: 120px; }
`;

const Row = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
  margin-top: ${({ theme }) => theme.space(3)};
`;

const Success = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.successSubtle};
  color: ${({ theme }) => theme.colors.successText};
  font-weight: 600;
`;

const Failure = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0 0;
  color: ${({ theme }) => theme.colors.dangerText};
`;

/** Props of {@link TicketForm}. */
export interface TicketFormProps {
  /** The app the ticket is about (its label), '' when none; shown as an editable field when `canEditApp`. */
  app?: string;
  /** The event first shown in the form (a trigger request from the editor), '' when none. */
  event?: string;
  canEditApp?: boolean;
  /** Called by Close after success. */
  onClose?: () => void;
  /** Called after a ticket was created. */
  onCreated?: () => void;
}

/**
 * The support-ticket panel (onboarding 2, 4): event and message, submit enabled when both are
 * filled, a spinner while sending, then 'A ticket was successfully created.' with Close. A
 * failure is shown (the old product only logged it).
 */
export function TicketForm({
  app: initialApp = '',
  event: initialEvent = '',
  canEditApp = false,
  onClose,
  onCreated,
}: TicketFormProps) {
  const dashboard = usePageStore(DashboardStoreModel);
  const [app, setApp] = useState(initialApp);
  const [event, setEvent] = useState(initialEvent);
  const [message, setMessage] = useState('');
  const [phase, setPhase] = useState<'form' | 'sending' | 'done'>('form');
  const [failure, setFailure] = useState('');

  if (phase === 'done') {
    return (
      <div data-testid="ticket-done">
        <Success role="status">{TICKET_TEXTS.success}</Success>
        <Row>
          <Button
            onClick={() => {
              setEvent('');
              setMessage('');
              setPhase('form');
              onClose?.();
            }}
          >
            {TICKET_TEXTS.close}
          </Button>
        </Row>
      </div>
    );
  }

  return (
    <form
      data-testid="ticket-form"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!canSubmitTicket(event, message)) return;
        setPhase('sending');
        setFailure('');
        try {
          await dashboard.submitTicket({ app, event, message, editorUrl: window.location.href });
          setPhase('done');
          onCreated?.();
        } catch (error) {
          setFailure(`The ticket could not be created: ${failureText(error)}`);
          setPhase('form');
        }
      }}
    >
      {canEditApp && (
        <TextField label="App" value={app} onChange={(e) => setApp(e.target.value)} placeholder="e.g. Demo CRM" />
      )}
      <TextField
        label={TICKET_TEXTS.eventLabel}
        value={event}
        onChange={(e) => setEvent(e.target.value)}
        placeholder="e.g. New invoice"
      />
      <Message
        label={TICKET_TEXTS.messageLabel}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        placeholder="What should this event do?"
      />
      <Row>
        <Button type="submit" disabled={!canSubmitTicket(event, message) || phase === 'sending'}>
          {TICKET_TEXTS.submit}
        </Button>
        {phase === 'sending' && <Spinner label="Sending ticket" />}
      </Row>
      {failure && <Failure role="alert">{failure}</Failure>}
    </form>
  );
}
