/**
 * The settings page's Invitations card: invite an e-mail address with a role, see pending
 * invitations, re-send (a new link, a new week) or revoke one. Without SMTP the new link is
 * shown here to copy and pass on. Who may invite is core's permission table ('member.manage').
 */
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import styled from 'styled-components';
import { refusal, useCan } from '../access/useCan.js';
import { formatRunTime } from '../shared/run-status.js';
import { failureText } from '../stores/api-failure.js';
import { usePageStore } from '../stores/root-store.js';
import { Badge, Button, Card, Select, Table, type TableColumn, TextField, useToast } from '../ui/index.js';
import { FormStack, Note } from './AccessFrame.js';
import { InstanceStoreModel, type InvitationItem, type InvitationRole, type InvitationSent } from './instance-store.js';

/** The invite form and the link keep a readable width on a wide page. */
const Narrow = styled.div`
  max-width: 480px;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

const ROLE_OPTIONS: { value: InvitationRole; label: string }[] = [
  { value: 'editor', label: 'Editor' },
  { value: 'viewer', label: 'Viewer' },
  { value: 'admin', label: 'Admin' },
];

/** The Invitations card of the current workspace. */
export const InvitationsCard = observer(function InvitationsCard() {
  const store = usePageStore(InstanceStoreModel);
  const { showToast } = useToast();
  const manageRefusal = refusal(useCan('member.manage'));
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitationRole>('editor');
  const [error, setError] = useState('');
  const [link, setLink] = useState<{ email: string; url: string } | null>(null);

  const sent = (result: InvitationSent, verb: string) => {
    setLink(result.link ? { email: result.invitation.email, url: result.link } : null);
    showToast({
      status: 'success',
      message: result.mailed
        ? `${verb} ${result.invitation.email}.`
        : `Invitation for ${result.invitation.email} ready: copy the link below.`,
    });
  };

  const submit = async () => {
    setError('');
    try {
      sent(await store.invite(email.trim(), role), 'Invitation sent to');
      setEmail('');
    } catch (failure) {
      setError(failureText(failure));
    }
  };

  const act = async (work: () => Promise<unknown>, done?: string) => {
    try {
      const result = await work();
      if (result && typeof result === 'object' && 'invitation' in result)
        sent(result as InvitationSent, 'Invitation re-sent to');
      else if (done) showToast({ status: 'success', message: done });
    } catch (failure) {
      showToast({ status: 'error', message: failureText(failure) });
    }
  };

  // Only members who may manage others read the invitations (the list is theirs alone).
  if (manageRefusal) return null;
  const invitations = store.invitations;
  const items = invitations.data?.items ?? [];
  const columns: TableColumn<InvitationItem>[] = [
    { key: 'email', header: 'E-mail', cell: (item) => item.email },
    {
      key: 'role',
      header: 'Role',
      cell: (item) => ROLE_OPTIONS.find((o) => o.value === item.role)?.label ?? item.role,
    },
    {
      key: 'status',
      header: 'Status',
      cell: (item) =>
        item.status === 'pending' ? <Badge tone="info">Pending</Badge> : <Badge tone="warning">Expired</Badge>,
    },
    { key: 'expires', header: 'Link works until', cell: (item) => formatRunTime(item.expiresAt) },
    {
      key: 'actions',
      header: '',
      cell: (item) => (
        <span style={{ display: 'inline-flex', gap: 8 }}>
          <Button variant="ghost" size="small" onClick={() => void act(() => store.resend(item.id))}>
            Re-send
          </Button>
          <Button
            variant="ghost"
            size="small"
            onClick={() => void act(() => store.revoke(item.id), `Invitation to ${item.email} revoked.`)}
          >
            Revoke
          </Button>
        </span>
      ),
    },
  ];

  return (
    <Card title="Invitations" description="Invite people to this workspace. A link works once, for 7 days.">
      <Narrow>
        <FormStack
          aria-label="Invite someone"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <TextField
            label="E-mail to invite"
            type="email"
            value={email}
            error={error || undefined}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Select
            label="Role"
            value={role}
            options={ROLE_OPTIONS}
            onChange={(event) => setRole(event.target.value as InvitationRole)}
          />
          <div>
            <Button type="submit" disabled={email.trim() === ''}>
              Invite
            </Button>
          </div>
        </FormStack>
      </Narrow>
      {link && (
        <Narrow data-testid="invitation-link">
          <Note>No mail leaves this server (no SMTP): send {link.email} this link yourself.</Note>
          <TextField label="Invitation link" readOnly value={link.url} onFocus={(event) => event.target.select()} />
          <div>
            <Button variant="secondary" size="small" onClick={() => void navigator.clipboard?.writeText(link.url)}>
              Copy link
            </Button>
          </div>
        </Narrow>
      )}
      {invitations.problem && <p role="alert">{invitations.problem.text}</p>}
      {items.length > 0 && (
        <Table caption="Pending invitations" columns={columns} rows={items} rowKey={(item) => item.id} />
      )}
    </Card>
  );
});
