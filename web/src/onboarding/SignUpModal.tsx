/**
 * The sign-up modal (onboarding 2 "Sign-up and verification modal", 5, 8): e-mail, then
 * password with the live rules and the strength meter, then the account; 'Log in' for
 * returning users; below 450 px the reminder form that e-mails a sign-in link.
 */
import { observer } from 'mobx-react-lite';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import { Button, Spinner, TextField } from '../ui/index.js';
import { type ISignUpFlow, REMINDER_SENT_TEXT, SIGN_IN_LINK_TEXT, TRIAL_CLAIM } from './onboarding-signup.js';
import { Actions, ErrorBanner, LinkButton, Row, Small, StickyModal } from './parts.js';

/** core's strength colours as theme roles: the bar's fill and the label's text. */
const METER_ROLES = {
  red: { fill: 'danger', text: 'dangerText' },
  orange: { fill: 'warning', text: 'warningText' },
  green: { fill: 'success', text: 'successText' },
} as const;
type MeterColor = keyof typeof METER_ROLES;

const MeterTrack = styled.div`
  height: 8px;
  border-radius: 4px;
  background: ${({ theme }) => theme.colors.border};
  overflow: hidden;
`;

const MeterFill = styled.div<{ $score: number; $color: MeterColor }>`
  width: ${({ $score }) => $score}%;
  height: 100%;
  background: ${({ theme, $color }) => theme.colors[METER_ROLES[$color].fill]};
  transition: width 120ms ease-out;
`;

const MeterLabel = styled.p<{ $color: MeterColor }>`
  margin: ${({ theme }) => theme.space(1)} 0 ${({ theme }) => theme.space(2)};
  color: ${({ theme, $color }) => theme.colors[METER_ROLES[$color].text]};
  font-weight: 600;
  font-size: ${({ theme }) => theme.font.size.small};
`;

const Rules = styled.ul`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  padding-left: ${({ theme }) => theme.space(5)};
  color: ${({ theme }) => theme.colors.dangerText};
  font-size: ${({ theme }) => theme.font.size.small};
`;

const Claim = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0 0;
  text-align: center;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.successText};
`;

/** The e-mail field's fixed props. */
const EMAIL_FIELD = { label: 'E-mail', type: 'email', autoComplete: 'email' } as const;

/** The e-mail field of the sign-up, log-in and reminder forms, with its message. */
const EmailField = observer(function EmailField({ flow }: { flow: ISignUpFlow }) {
  const error = flow.emailMessage || undefined;
  return (
    <TextField {...EMAIL_FIELD} value={flow.email} error={error} onChange={(e) => flow.setEmail(e.target.value)} />
  );
});

/** A form's submit button: a spinner saying what is under way while the flow is busy. */
const SubmitButton = observer(function SubmitButton({
  flow,
  busyLabel,
  children,
}: {
  flow: ISignUpFlow;
  busyLabel: string;
  children: string;
}) {
  return (
    <Button type="submit" disabled={flow.isBusy}>
      {flow.isBusy ? <Spinner label={busyLabel} /> : children}
    </Button>
  );
});

/** The strength meter and the rules the password breaks right now (onboarding 5). */
const PasswordHelp = observer(function PasswordHelp({ flow }: { flow: ISignUpFlow }) {
  const { score, label, color } = flow.strength;
  return (
    <div>
      <MeterTrack
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={score}
        aria-valuetext={label}
      >
        <MeterFill $score={score} $color={color} />
      </MeterTrack>
      <MeterLabel $color={color} data-testid="password-strength">
        {label}
      </MeterLabel>
      {flow.passwordProblems.length > 0 && (
        <Rules aria-live="polite" data-testid="password-rules">
          {flow.passwordProblems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </Rules>
      )}
    </div>
  );
});

const Banner = observer(function Banner({ flow }: { flow: ISignUpFlow }) {
  if (!flow.serverError) return null;
  return (
    <ErrorBanner role="alert">
      {flow.serverError}{' '}
      {flow.phase !== 'login' && <LinkButton onClick={() => flow.show('login')}>{SIGN_IN_LINK_TEXT}</LinkButton>}
    </ErrorBanner>
  );
});

function submit(run: () => void) {
  return (event: FormEvent) => {
    event.preventDefault();
    run();
  };
}

/** Props of {@link SignUpModal}. */
export interface SignUpModalProps {
  flow: ISignUpFlow;
}

/** The sign-up, log-in and reminder screens over the editor. */
export const SignUpModal = observer(function SignUpModal({ flow }: SignUpModalProps) {
  if (flow.phase === 'reminder' || flow.phase === 'reminderSent') {
    return (
      <StickyModal
        title="Build on a bigger screen"
        description="Junction's editor needs a screen at least 450 pixels wide. Get a sign-in link by e-mail and open it on your computer."
        testId="reminder-form"
      >
        <Banner flow={flow} />
        {flow.phase === 'reminderSent' ? (
          <p role="status">{REMINDER_SENT_TEXT}</p>
        ) : (
          <form noValidate onSubmit={submit(() => void flow.sendReminder())}>
            <EmailField flow={flow} />
            <Actions>
              <SubmitButton flow={flow} busyLabel="Sending">
                E-mail me a sign-in link
              </SubmitButton>
            </Actions>
          </form>
        )}
        <Small>
          <LinkButton onClick={() => flow.show('email')}>Sign up here anyway</LinkButton>
        </Small>
      </StickyModal>
    );
  }

  if (flow.phase === 'login') {
    return (
      <StickyModal title="Welcome back" description="Sign in to keep building your workflows." testId="log-in">
        <Banner flow={flow} />
        <form noValidate onSubmit={submit(() => void flow.logIn())}>
          <EmailField flow={flow} />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            value={flow.password}
            onChange={(e) => flow.setPassword(e.target.value)}
          />
          <Actions>
            <SubmitButton flow={flow} busyLabel="Signing in">
              Sign in
            </SubmitButton>
          </Actions>
        </form>
        <Small>
          New to Junction? <LinkButton onClick={() => flow.show('email')}>Create an account</LinkButton>
        </Small>
      </StickyModal>
    );
  }

  if (flow.phase === 'password') {
    return (
      <StickyModal title="Choose a password" description={`Signing up as ${flow.email.trim()}`} testId="sign-up">
        <Banner flow={flow} />
        <form noValidate onSubmit={submit(() => void flow.createAccount())}>
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            autoFocus
            value={flow.password}
            onChange={(e) => flow.setPassword(e.target.value)}
          />
          <PasswordHelp flow={flow} />
          <Actions>
            <SubmitButton flow={flow} busyLabel="Creating your account">
              Create account
            </SubmitButton>
            <Button variant="ghost" onClick={() => flow.show('email')} disabled={flow.isBusy}>
              Back
            </Button>
          </Actions>
        </form>
        <Claim>{TRIAL_CLAIM}</Claim>
      </StickyModal>
    );
  }

  return (
    <StickyModal
      title="Create your free account"
      description="Connect your apps and automate your work in minutes."
      testId="sign-up"
    >
      <Banner flow={flow} />
      <form noValidate onSubmit={submit(() => flow.continueWithEmail())}>
        <Row>
          {/* onboarding 2: marked required, but their values are not needed. */}
          <TextField
            label="First name *"
            autoComplete="given-name"
            value={flow.firstName}
            onChange={(e) => flow.setFirstName(e.target.value)}
          />
          <TextField
            label="Last name *"
            autoComplete="family-name"
            value={flow.lastName}
            onChange={(e) => flow.setLastName(e.target.value)}
          />
        </Row>
        <EmailField flow={flow} />
        <Actions>
          <Button type="submit">Continue</Button>
        </Actions>
      </form>
      <Claim>{TRIAL_CLAIM}</Claim>
      <Small>
        Already have an account? <LinkButton onClick={() => flow.show('login')}>Log in</LinkButton>
      </Small>
    </StickyModal>
  );
});
