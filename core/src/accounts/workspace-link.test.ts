import { describe, expect, it } from 'vitest';
import { workspaceLinkAction } from './workspace-link.js';

const me = {
  currentTenantId: 'ws-1',
  tenants: [{ tenant: { id: 'ws-1', name: 'Mine' } }, { tenant: { id: 'ws-2', name: 'Acme' } }],
};

describe("workspaceLinkAction (a workflow link's workspace)", () => {
  it('switches to a workspace the account belongs to', () => {
    expect(workspaceLinkAction(me, 'ws-2')).toEqual({ kind: 'switch', tenantId: 'ws-2', name: 'Acme' });
  });

  it('never switches to a workspace the account is not in, to the current one, or without t', () => {
    expect(workspaceLinkAction(me, 'ws-9')).toEqual({ kind: 'no-access' });
    expect(workspaceLinkAction(me, 'ws-1')).toEqual({ kind: 'no-access' });
    expect(workspaceLinkAction(me, null)).toEqual({ kind: 'no-access' });
    expect(workspaceLinkAction(me, '')).toEqual({ kind: 'no-access' });
  });
});
