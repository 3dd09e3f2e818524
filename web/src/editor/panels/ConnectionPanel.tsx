import { PRIVATE_CONNECTION_TEXT } from '@junction/core';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import styled from 'styled-components';
import { HelpText } from '../../ui/HelpText.js';
import { Button, Dialog, TextField } from '../../ui/index.js';
import { accountFormFields, addAccountText, type IConnectionModel } from './panel-connection.js';
import { ErrorBox, IconButton, Muted, OptionButton, OptionList, Row, SuccessBox } from './parts.js';

const MenuContent = styled(DropdownMenu.Content)`
  z-index: 30;
  min-width: 200px;
  padding: 4px;
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.dialog};
`;

const MenuItem = styled(DropdownMenu.Item)<{ $danger?: boolean }>`
  padding: 8px 12px;
  border-radius: 4px;
  font-size: 14px;
  cursor: pointer;
  outline: none;
  color: ${({ theme, $danger }) => ($danger ? theme.colors.secondary : theme.colors.text)};
  &[data-highlighted] { background: ${({ theme }) => theme.colors.accentSubtle}; }
`;

const AccountRow = styled.li`
  display: flex;
  align-items: center;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  > button:first-child { border-bottom: none; }
`;

/**
 * The Account step (editor-core 2.5): 'Choose...', the accounts with their created date,
 * '+ Add new {app} account', a more-menu per account (rename, update, two-click delete), the
 * 'Edit connection name' dialog and the account form or sign-in pop-up.
 */
export const ConnectionPanel = observer(function ConnectionPanel({ model }: { model: IConnectionModel }) {
  useEffect(() => {
    void model.load();
    const onMessage = (event: MessageEvent) => void model.receiveMessage({ origin: event.origin, data: event.data });
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [model]);

  const fields = accountFormFields(model.definition);
  return (
    <div>
      {model.phase === 'loading' && <Muted>Loading accounts…</Muted>}
      {model.error && <ErrorBox role="alert">{model.error}</ErrorBox>}
      {model.usesUnopenableConnection && (
        <ErrorBox role="status" data-testid="unopenable-connection">
          This step uses a connection you cannot open. {PRIVATE_CONNECTION_TEXT} Choose one of your accounts, or ask
          them to share it with the workspace.
        </ErrorBox>
      )}
      <OptionList aria-label="Accounts">
        <li>
          <OptionButton $selected={model.selectedId === null} onClick={() => model.clearChoice()}>
            Choose...
          </OptionButton>
        </li>
        {model.credentials.map((credential, index) => (
          <AccountRow key={credential.id}>
            <OptionButton
              $selected={model.selectedId === credential.id}
              aria-pressed={model.selectedId === credential.id}
              onClick={() => model.choose(credential.id)}
            >
              <span>
                {model.label(index)}
                <small>Created {new Date(credential.createdAt).toLocaleDateString()}</small>
              </span>
            </OptionButton>
            <DropdownMenu.Root onOpenChange={(open) => !open && model.disarmDelete()}>
              <DropdownMenu.Trigger asChild>
                <IconButton aria-label={`More for ${model.label(index)}`}>⋮</IconButton>
              </DropdownMenu.Trigger>
              <DropdownMenu.Portal>
                <MenuContent align="end">
                  <MenuItem onSelect={() => model.startRename(credential.id)}>Edit connection name</MenuItem>
                  <MenuItem onSelect={() => model.addAccount(credential.id)}>Update connection info</MenuItem>
                  <MenuItem
                    $danger
                    onSelect={(event) => {
                      // The first click turns the item into 'Really delete?'; keep the menu open.
                      if (model.armedDeleteId !== credential.id) event.preventDefault();
                      void model.requestDelete(credential.id);
                    }}
                  >
                    {model.armedDeleteId === credential.id ? 'Really delete?' : 'Delete connection'}
                  </MenuItem>
                </MenuContent>
              </DropdownMenu.Portal>
            </DropdownMenu.Root>
          </AccountRow>
        ))}
        <li>
          <OptionButton onClick={() => model.addAccount()}>{addAccountText(model.appName)}</OptionButton>
        </li>
      </OptionList>
      {model.selectedId && (
        <Row>
          <Button variant="ghost" onClick={() => void model.check()}>
            Check connection
          </Button>
        </Row>
      )}
      {model.checkMessage &&
        (model.isCheckOk ? (
          <SuccessBox role="status">{model.checkMessage}</SuccessBox>
        ) : (
          <ErrorBox role="alert">{model.checkMessage}</ErrorBox>
        ))}

      <Dialog
        open={model.renameId !== null}
        onOpenChange={(open) => !open && model.cancelRename()}
        title="Edit connection name"
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void model.saveRename();
          }}
        >
          <TextField
            label="Name (required)"
            required
            value={model.renameValue}
            error={model.renameError || undefined}
            onChange={(event) => model.setRenameValue(event.target.value)}
          />
          <Button type="submit" disabled={model.renameValue.trim() === ''}>
            OK
          </Button>
        </form>
      </Dialog>

      <Dialog
        open={model.isFormOpen}
        onOpenChange={(open) => !open && model.closeForm()}
        title={model.updatingId ? `Update your ${model.appName} account` : `Connect your ${model.appName} account`}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void model.submitForm();
          }}
        >
          <TextField label="Name" value={model.formName} onChange={(event) => model.setFormName(event.target.value)} />
          {fields.map((field) => (
            <TextField
              key={field.key}
              label={field.title ?? field.key}
              hint={field.description ? <HelpText text={field.description} /> : undefined}
              type={/password|secret|key|token/i.test(field.key) ? 'password' : 'text'}
              autoComplete="off"
              value={model.formValues[field.key] ?? ''}
              onChange={(event) => model.setFormValue(field.key, event.target.value)}
            />
          ))}
          {fields.length === 0 && <Muted>This app does not say which values an account needs.</Muted>}
          {model.formError && <ErrorBox role="alert">{model.formError}</ErrorBox>}
          <Button type="submit" disabled={model.isSaving}>
            Save account
          </Button>
        </form>
      </Dialog>

      <Dialog
        open={model.isLoggedOutPromptShown}
        onOpenChange={(open) => !open && model.dismissLoggedOutPrompt()}
        title="You are logged out"
        description="Sign in again to connect an account."
      >
        <Button onClick={() => window.location.assign('/dashboard')}>Sign in</Button>
      </Dialog>
    </div>
  );
});
