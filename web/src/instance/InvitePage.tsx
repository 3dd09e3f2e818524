/**
 * /invite/:token: an invitation link. A new person sets a password and joins the workspace
 * (this bypasses the sign-up policy); an existing account signs in, or is already signed in,
 * and joins it; either way the workspace opens on the dashboard, and the workspace switcher
 * lists it. A used, revoked or expired link says so.
 */
import { describeProblem } from '@junction/core';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { usePageStore } from '../stores/root-store.js';
import { Button, Spinner, TextField } from '../ui/index.js';
import { AccessFrame, FormStack, Note } from './AccessFrame.js';
import { InstanceStoreModel, type InvitationOffer } from './instance-store.js';

const ROLE_WORDS: Record<string, string> = {
  viewer: 'a viewer',
  editor: 'an editor',
  admin: 'an admin',
  owner: 'the owner',
};

type Loaded =
  | { phase: 'loading' }
  | { phase: 'invalid'; text: string }
  | { phase: 'ready'; offer: InvitationOffer; signedInAs: string | null };

/** The invitation page. */
export function InvitePage() {
  const { token = '' } = useParams();
  const store = usePageStore(InstanceStoreModel);
  const [loaded, setLoaded] = useState<Loaded>({ phase: 'loading' });
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<{ field?: string; text: string } | null>(null);
  const [isBusy, setBusy] = useState(false);

  useEffect(() => {
    Promise.all([store.lookUp(token), store.signedInEmail()])
      .then(([offer, signedInAs]) => setLoaded({ phase: 'ready', offer, signedInAs }))
      .catch((error: unknown) => setLoaded({ phase: 'invalid', text: describeProblem(error).text }));
  }, [store, token]);

  if (loaded.phase === 'loading') {
    return (
      <AccessFrame title="Invitation">
        <Spinner label="Loading the invitation" />
      </AccessFrame>
    );
  }
  if (loaded.phase === 'invalid') {
    return (
      <AccessFrame title="Invitation">
        <p role="alert">{loaded.text}</p>
      </AccessFrame>
    );
  }

  const { offer, signedInAs } = loaded;
  const isSignedInAsInvited = signedInAs === offer.email;
  const join = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
      window.location.assign('/dashboard');
    } catch (error) {
      const shown = describeProblem(error);
      // A wrong password at the sign-in answers 401, which elsewhere means a session ended.
      const text = shown.code === 'auth.required' ? 'Wrong e-mail or password.' : shown.text;
      setFailure({ field: shown.field, text });
      setBusy(false);
    }
  };
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!offer.hasAccount) {
      void join(() => store.joinAsNew(token, { email: offer.email, password, ...(name ? { firstName: name } : {}) }));
    } else {
      void join(() => store.joinAsExisting(token, isSignedInAsInvited ? null : { email: offer.email, password }));
    }
  };

  return (
    <AccessFrame title={`Join ${offer.workspaceName}`}>
      <FormStack onSubmit={onSubmit}>
        <Note>
          {offer.invitedBy} invited <strong>{offer.email}</strong> to the workspace {offer.workspaceName} as{' '}
          {ROLE_WORDS[offer.role] ?? offer.role}.
        </Note>
        {!offer.hasAccount && (
          <>
            <TextField
              label="Your name"
              autoComplete="name"
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
            <TextField
              label="Choose a password"
              type="password"
              autoComplete="new-password"
              required
              value={password}
              error={failure?.field === 'password' ? failure.text : undefined}
              onChange={(event) => setPassword(event.target.value)}
            />
          </>
        )}
        {offer.hasAccount && !isSignedInAsInvited && (
          <TextField
            label={`Password of ${offer.email}`}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
        {failure && failure.field !== 'password' && <p role="alert">{failure.text}</p>}
        <Button type="submit" loading={isBusy} disabled={!isSignedInAsInvited && !password}>
          {offer.hasAccount ? `Join ${offer.workspaceName}` : 'Create account and join'}
        </Button>
      </FormStack>
    </AccessFrame>
  );
}
