/**
 * /setup: the first visit of a fresh installation. The account made here owns the instance
 * (no verification code: the operator is at their own server), then the instance page opens.
 */
import { describeProblem } from '@junction/core';
import { type ChangeEvent, useEffect, useState } from 'react';
import { usePageStore } from '../stores/root-store.js';
import { Button, ButtonLink, Spinner, TextField } from '../ui/index.js';
import { AccessFrame, FormStack, Note } from './AccessFrame.js';
import { InstanceStoreModel } from './instance-store.js';

/** The set-up page. */
export function SetUpPage() {
  const store = usePageStore(InstanceStoreModel);
  const [hasOwner, setHasOwner] = useState<boolean | null>(null);
  const [form, setForm] = useState({ firstName: '', email: '', password: '' });
  const [failure, setFailure] = useState<{ field?: string; text: string } | null>(null);
  const [isBusy, setBusy] = useState(false);

  useEffect(() => {
    store
      .status()
      .then((status) => setHasOwner(status.hasOwner))
      .catch((error: unknown) => setFailure({ text: describeProblem(error).text }));
  }, [store]);

  const submit = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await store.setUp({
        email: form.email,
        password: form.password,
        ...(form.firstName ? { firstName: form.firstName } : {}),
      });
      window.location.assign('/instance');
    } catch (error) {
      const shown = describeProblem(error);
      setFailure({ field: shown.field, text: shown.text });
      setBusy(false);
    }
  };

  // A refusal that names one of the fields shows at that field; any other above the button.
  const isFormField = (field: string | undefined) => field !== undefined && Object.hasOwn(form, field);
  /** A field of the form: its value, its change, and the server's refusal when it names this field. */
  const bind = (name: keyof typeof form) => ({
    value: form[name],
    error: failure?.field === name ? failure.text : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setForm({ ...form, [name]: event.target.value }),
  });

  if (hasOwner === null && !failure) {
    return (
      <AccessFrame title="Set up Junction">
        <Spinner label="Loading" />
      </AccessFrame>
    );
  }
  if (hasOwner) {
    return (
      <AccessFrame title="Junction is set up">
        <Note>This Junction already has an owner. Sign in, or ask its owner for an invitation.</Note>
        <ButtonLink to="/?u=1">Go to sign in</ButtonLink>
      </AccessFrame>
    );
  }
  return (
    <AccessFrame title="Set up Junction">
      <FormStack
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Note>
          Create the owner account. The owner chooses who may sign up, invites people and can disable accounts.
        </Note>
        <TextField label="Your name" autoComplete="name" {...bind('firstName')} />
        <TextField label="E-mail" type="email" autoComplete="email" required {...bind('email')} />
        <TextField label="Password" type="password" autoComplete="new-password" required {...bind('password')} />
        {failure && !isFormField(failure.field) && <p role="alert">{failure.text}</p>}
        <Button type="submit" loading={isBusy} disabled={!form.email || !form.password}>
          Create owner account
        </Button>
      </FormStack>
    </AccessFrame>
  );
}
