/**
 * The settings page's Members card: every member with their role. Admins and the owner change
 * roles and remove members; the owner transfers the workspace. Who may do what, and the words
 * shown when not, come from core's permission table (`useCan`, `memberChangeProblem`).
 */
import { assignableRoles, memberChangeProblem, type Role } from '@junction/core';
import { observer } from 'mobx-react-lite';
import { useCallback, useState } from 'react';
import { AccessStoreModel } from '../access/access-store.js';
import { refusal, useCan } from '../access/useCan.js';
import { formatRunTime } from '../shared/run-status.js';
import { useLoaded } from '../shared/use-loaded.js';
import { usePageStore } from '../stores/root-store.js';
import { Button, Card, Dialog, Select, Spinner, Table, type TableColumn, useToast } from '../ui/index.js';
import { DashboardStoreModel, type MemberItem } from './dashboard-store.js';
import { failureText } from './dashboard-workflows.js';
import { Muted } from './parts.js';

/** Role names as people read them. */
export const ROLE_LABELS: Record<Role, string> = { viewer: 'Viewer', editor: 'Editor', admin: 'Admin', owner: 'Owner' };

/** The Members card of workspace `tenantId`, for the signed-in `userId`. */
export const MembersCard = observer(function MembersCard({ tenantId, userId }: { tenantId: string; userId: string }) {
  const dashboard = usePageStore(DashboardStoreModel);
  const access = usePageStore(AccessStoreModel);
  const { showToast } = useToast();
  const manageRefusal = refusal(useCan('member.manage'));
  const transferRefusal = refusal(useCan('workspace.transfer'));
  const {
    data: members,
    failure,
    reload,
  } = useLoaded(useCallback(() => dashboard.listMembers(tenantId), [dashboard, tenantId]));
  const [removing, setRemoving] = useState<MemberItem | null>(null);
  const [transferring, setTransferring] = useState<MemberItem | null>(null);
  const myRole = access.role;

  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      showToast({ status: 'success', message: done });
      // A transfer changes the caller's own role too.
      await access.load(true);
    } catch (error) {
      showToast({ status: 'error', message: failureText(error) });
    }
    void reload();
  };

  const roleCell = (member: MemberItem) => {
    // A select only where core lets the caller change this member (never the owner, never themself).
    const isChangeable =
      myRole !== null &&
      member.userId !== userId &&
      memberChangeProblem(myRole, member.role, { kind: 'remove' }) === null;
    if (!isChangeable) return ROLE_LABELS[member.role];
    return (
      <Select
        label={`Role of ${member.name || member.email}`}
        value={member.role}
        options={assignableRoles(myRole).map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
        onChange={(event) => {
          const role = event.target.value as Role;
          void act(
            () => dashboard.setMemberRole(tenantId, member.userId, role),
            `${member.email} is now ${ROLE_LABELS[role]}.`,
          );
        }}
      />
    );
  };

  const actionsCell = (member: MemberItem) => {
    if (member.role === 'owner' || member.userId === userId) return null;
    return (
      <span style={{ display: 'inline-flex', gap: 8 }}>
        <Button
          variant="ghost"
          size="small"
          disabled={manageRefusal !== undefined}
          title={manageRefusal}
          onClick={() => setRemoving(member)}
        >
          Remove
        </Button>
        {transferRefusal === undefined && (
          <Button variant="ghost" size="small" onClick={() => setTransferring(member)}>
            Make owner
          </Button>
        )}
      </span>
    );
  };

  const columns: TableColumn<MemberItem>[] = [
    { key: 'name', header: 'Name', cell: (member) => member.name || '—' },
    { key: 'email', header: 'E-mail', cell: (member) => member.email },
    { key: 'role', header: 'Role', cell: roleCell },
    { key: 'joined', header: 'Joined', cell: (member) => formatRunTime(member.joinedAt) },
    { key: 'actions', header: '', cell: actionsCell },
  ];

  return (
    <Card title="Members">
      {manageRefusal && <Muted data-testid="members-refusal">{manageRefusal}</Muted>}
      {failure && <p role="alert">Could not load the members: {failure}</p>}
      {members === null && !failure && <Spinner label="Loading members" />}
      {members && <Table caption="Members" columns={columns} rows={members} rowKey={(member) => member.userId} />}
      <Dialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove member?"
        description={removing ? `${removing.email} loses access to this workspace and is signed out of it.` : ''}
        footer={
          <>
            <Button variant="ghost" onClick={() => setRemoving(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                const member = removing;
                setRemoving(null);
                if (member)
                  void act(() => dashboard.removeMember(tenantId, member.userId), `${member.email} was removed.`);
              }}
            >
              Remove
            </Button>
          </>
        }
      />
      <Dialog
        open={transferring !== null}
        onOpenChange={(open) => !open && setTransferring(null)}
        title="Transfer ownership?"
        description={
          transferring
            ? `${transferring.email} becomes the owner of this workspace. You stay as an admin. A workspace has one owner.`
            : ''
        }
        footer={
          <>
            <Button variant="ghost" onClick={() => setTransferring(null)}>
              Cancel
            </Button>
            <Button
              onClick={() => {
                const member = transferring;
                setTransferring(null);
                if (member) {
                  void act(
                    () => dashboard.transferOwnership(tenantId, member.userId),
                    `${member.email} now owns the workspace.`,
                  );
                }
              }}
            >
              Transfer
            </Button>
          </>
        }
      />
    </Card>
  );
});
