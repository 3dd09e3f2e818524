/**
 * Shows a page's content only to a role that may do `action`; any other role sees why instead
 * (core's reason, e.g. "Viewers cannot see, create or use connections."), so the page never
 * asks the server for what it would refuse.
 */
import type { Action } from '@junction/core';
import { Lock } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { EmptyState } from '../ui/index.js';
import { refusal, useCan } from './useCan.js';

/** Props of {@link RoleGate}. */
export interface RoleGateProps {
  action: Action;
  /** The headline shown instead of the content ("Connections are not available"). */
  title: string;
  children: ReactNode;
}

/** Renders `children` when the member's role allows `action`, else the reason. */
export const RoleGate = observer(function RoleGate({ action, title, children }: RoleGateProps) {
  const reason = refusal(useCan(action));
  if (reason === undefined) return <>{children}</>;
  return (
    <div data-testid="role-refusal">
      <EmptyState title={title} icon={<Lock />}>
        {reason} Ask an admin of this workspace for another role.
      </EmptyState>
    </div>
  );
});
