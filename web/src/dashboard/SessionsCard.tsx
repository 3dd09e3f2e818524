import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import styled from 'styled-components';
import { AccountStoreModel, type SessionItem } from '../account/account-store.js';
import { failureText } from '../stores/api-failure.js';
import { usePageStore } from '../stores/root-store.js';
import { Badge, Button, Card, useToast } from '../ui/index.js';
import { Actions, Muted, RuledList } from './parts.js';

/** One active session as GET /api/auth/sessions lists it. */
type SessionRow = SessionItem;

const List = styled(RuledList)`
  li { padding: ${({ theme }) => theme.space(3)} 0; }
`;

const Where = styled.div`
  flex: 1;
  min-width: 0;
  strong { margin-right: ${({ theme }) => theme.space(2)}; }
  small { display: block; color: ${({ theme }) => theme.colors.muted}; }
`;

const Confirm = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0 0;
`;

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** 'Nov 26, 2026, 1:40 PM' in the visitor's time zone. */
const when = (iso: string) => WHEN.format(new Date(iso));

/**
 * The profile's active sessions: each device with when it signed in, 'This browser' on the
 * caller's own, 'Sign out' on the others, and 'Sign out everywhere' (asked twice), which ends
 * every session of the account, this one too, and leaves for the sign-in screen.
 */
export const SessionsCard = observer(function SessionsCard({ userId }: { userId: string }) {
  const account = usePageStore(AccountStoreModel);
  const { showToast } = useToast();
  const [isConfirming, setConfirming] = useState(false);
  // The sessions resource: read while the card shows, read again after each sign-out.
  const resource = account.sessions;
  const sessions = resource.data?.items;
  const { status, error } = resource.state;

  const end = async (session: SessionRow) => {
    try {
      await account.endSession(session.id);
      showToast({ status: 'success', message: `Signed out of ${session.device}.` });
    } catch (error) {
      showToast({ status: 'error', message: failureText(error, `Could not sign out of ${session.device}.`) });
    }
  };
  const endEverywhere = async () => {
    try {
      window.location.assign(await account.signOut('everywhere', userId));
    } catch (error) {
      setConfirming(false);
      showToast({ status: 'error', message: failureText(error, 'Could not sign out everywhere.') });
    }
  };

  return (
    <Card title="Where you're signed in">
      {status === 'error' && <p role="alert">{failureText(error, 'Your sessions could not be loaded.')}</p>}
      {resource.isLoading && <Muted>Loading sessions…</Muted>}
      {sessions && (
        <List aria-label="Active sessions">
          {sessions.map((session) => (
            <li key={session.id}>
              <Where>
                <strong>{session.device}</strong>
                {session.current && <Badge tone="success">This browser</Badge>}
                <small>
                  Signed in {when(session.createdAt)} · until {when(session.expiresAt)}
                </small>
              </Where>
              {!session.current && (
                <Button variant="danger" aria-label={`Sign out of ${session.device}`} onClick={() => void end(session)}>
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </List>
      )}
      {isConfirming ? (
        <>
          <Confirm role="alert">
            Sign out of every session, this browser too? You will need your password to sign in again.
          </Confirm>
          <Actions>
            <Button variant="danger" onClick={() => void endEverywhere()}>
              Yes, sign out everywhere
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </Actions>
        </>
      ) : (
        <Actions>
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Sign out everywhere
          </Button>
        </Actions>
      )}
    </Card>
  );
});
