import { checkPassword, passwordStrength } from '@junction/core';
import { useState } from 'react';
import styled from 'styled-components';
import { AccountStoreModel } from '../account/account-store.js';
import { usePageStore } from '../stores/root-store.js';
import { Button, Card, PageHeader, TextField, ThemeSwitch, useToast } from '../ui/index.js';
import { DashboardLayout, useDashboard } from './DashboardLayout.js';
import { failureText } from './dashboard-workflows.js';
import { Actions } from './parts.js';
import { SessionsCard } from './SessionsCard.js';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  margin: 0;
  dt { color: ${({ theme }) => theme.colors.muted}; }
  dd { margin: 0; }
`;

/** core's strength colours as theme roles. */
const STRENGTH_ROLE = { red: 'danger', orange: 'warning', green: 'success' } as const;

const Meter = styled.div<{ $score: number; $color: keyof typeof STRENGTH_ROLE }>`
  height: 6px;
  margin-top: 4px;
  border-radius: 3px;
  background: ${({ theme }) => theme.colors.surfaceSunken};
  &::after {
    content: '';
    display: block;
    height: 100%;
    width: ${({ $score }) => $score}%;
    border-radius: 3px;
    background: ${({ theme, $color }) => theme.colors[STRENGTH_ROLE[$color]]};
  }
`;

const Rules = styled.ul`
  margin: 6px 0 0;
  padding-left: 20px;
  color: ${({ theme }) => theme.colors.dangerText};
  font-size: ${({ theme }) => theme.font.size.small};
`;

/**
 * A password box of the change form: the current or the new password (its label and what the
 * browser's password manager fills in), `error` shown under it when not empty.
 */
function PasswordField(props: {
  kind: 'current' | 'new';
  value: string;
  onValue: (value: string) => void;
  error: string;
}) {
  return (
    <TextField
      label={props.kind === 'current' ? 'Current password' : 'New password'}
      type="password"
      autoComplete={`${props.kind}-password`}
      value={props.value}
      onChange={(event) => props.onValue(event.target.value)}
      error={props.error || undefined}
    />
  );
}

/** The user's profile at /profile: name, e-mail, workspaces, theme, active sessions and the password change. */
export function ProfilePage() {
  return (
    <DashboardLayout>
      <ProfileView />
    </DashboardLayout>
  );
}

function ProfileView() {
  const account = usePageStore(AccountStoreModel);
  const { me } = useDashboard();
  const { showToast } = useToast();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [currentError, setCurrentError] = useState('');
  const [serverError, setServerError] = useState('');
  const problems = next ? checkPassword(next) : [];
  const strength = passwordStrength(next);

  const save = async () => {
    setCurrentError('');
    setServerError('');
    try {
      await account.changePassword(current, next);
      setCurrent('');
      setNext('');
      showToast({ status: 'success', message: 'Password changed.' });
    } catch (error) {
      const text = failureText(error);
      const field = (error as { problem?: { field?: string } }).problem?.field;
      if (field === 'currentPassword') setCurrentError(text);
      else setServerError(text);
    }
  };

  return (
    <>
      <PageHeader
        title="User Profile"
        description="Your account, how Junction looks, where you are signed in and your password."
      />
      <Card title="Account">
        <Facts>
          <dt>Name</dt>
          <dd>{me.name || '—'}</dd>
          <dt>E-mail</dt>
          <dd>
            {me.email} {me.emailVerified ? '(verified)' : '(not verified)'}
          </dd>
          <dt>Workspaces</dt>
          <dd>{me.tenants.map((m) => `${m.tenant.name} (${m.role})`).join(', ')}</dd>
        </Facts>
      </Card>
      <Card title="Appearance">
        <ThemeSwitch />
      </Card>
      <SessionsCard userId={me.id} />
      <Card title="Change password">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <PasswordField kind="current" value={current} onValue={setCurrent} error={currentError} />
          <PasswordField kind="new" value={next} onValue={setNext} error={serverError} />
          {next && (
            <div data-testid="strength" data-label={strength.label}>
              Strength: {strength.label}
              <Meter $score={strength.score} $color={strength.color} aria-hidden="true" />
            </div>
          )}
          {problems.length > 0 && (
            <Rules>
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </Rules>
          )}
          <Actions>
            <Button type="submit" disabled={current === '' || next === '' || problems.length > 0}>
              Change password
            </Button>
          </Actions>
        </form>
      </Card>
    </>
  );
}
