// biome-ignore lint/style/noRestrictedImports: a test reads the contract from disk.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  ACTIONS,
  type Action,
  can,
  canCallOperation,
  connectionRefusal,
  isRoleAtLeast,
  leastRoleFor,
  memberChangeProblem,
  OPERATION_ACCESS,
  ROLES,
} from './permissions.js';

const contract = parse(readFileSync(new URL('../../../api-spec/openapi.yaml', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, { operationId?: string; security?: unknown[] }>>;
};
const contractOperations = Object.values(contract.paths).flatMap((item) =>
  Object.values(item).filter((op): op is { operationId: string; security?: unknown[] } => !!op?.operationId),
);

const role = fc.constantFrom(...ROLES);
const action = fc.constantFrom(...(Object.keys(ACTIONS) as Action[]));

describe('the permission table', () => {
  it('has an entry for every operationId of openapi.yaml, and none for a route that is gone', () => {
    const ids = contractOperations.map((op) => op.operationId).sort();
    expect(Object.keys(OPERATION_ACCESS).sort()).toEqual(ids);
  });

  it('calls public only the operations the contract lets in without a session', () => {
    for (const op of contractOperations) {
      const isAnonymous =
        Array.isArray(op.security) &&
        (op.security.length === 0 || op.security.some((s) => Object.keys(s as object).length === 0));
      if (leastRoleFor(op.operationId as keyof typeof OPERATION_ACCESS) === 'public') {
        expect(isAnonymous, op.operationId).toBe(true);
      }
    }
  });

  it('lets a stronger role do whatever a weaker one may (property)', () => {
    fc.assert(
      fc.property(role, role, action, (a, b, act) => {
        if (isRoleAtLeast(a, b) && can(b, act).allowed) expect(can(a, act).allowed).toBe(true);
      }),
    );
  });

  it('lets the owner do everything, and gives a reason naming the role whenever it refuses (property)', () => {
    fc.assert(
      fc.property(role, action, (r, act) => {
        expect(can('owner', act).allowed).toBe(true);
        const answer = can(r, act);
        if (!answer.allowed) {
          expect(answer.reason).toMatch(/^(Viewers|Editors|Admins) cannot .+\.$/);
          expect(isRoleAtLeast(r, answer.least)).toBe(false);
        }
      }),
    );
  });

  it('keeps viewers to reading, as the roles section says', () => {
    expect(can('viewer', 'workflow.switch')).toEqual({
      allowed: false,
      reason: 'Viewers cannot switch workflows ON or OFF.',
      least: 'editor',
    });
    for (const op of ['getWorkflow', 'listExecutions', 'replayExecution', 'listDashboardWorkflows']) {
      expect(canCallOperation('viewer', op).allowed, op).toBe(true);
    }
    for (const op of ['updateWorkflow', 'testStep', 'setWorkflowActive', 'shareWorkflow', 'listCredentials']) {
      expect(canCallOperation('viewer', op).allowed, op).toBe(false);
    }
    expect(canCallOperation('editor', 'setWorkflowActive').allowed).toBe(true);
    expect(canCallOperation('editor', 'updateTenant').allowed).toBe(false);
    expect(canCallOperation('admin', 'updateTenant').allowed).toBe(true);
  });

  it('refuses an operationId the table does not know', () => {
    expect(canCallOperation('owner', 'noSuchRoute').allowed).toBe(false);
  });
});

describe('memberChangeProblem', () => {
  it('never lets a change leave a workspace without its owner (property)', () => {
    const change = fc.oneof(
      fc.constant({ kind: 'remove' as const }),
      role.map((r) => ({ kind: 'role' as const, role: r })),
    );
    fc.assert(
      fc.property(role, role, change, (changer, target, c) => {
        const problem = memberChangeProblem(changer, target, c);
        if (target === 'owner' || (c.kind === 'role' && c.role === 'owner')) expect(problem).not.toBeNull();
        if (!isRoleAtLeast(changer, 'admin')) expect(problem).not.toBeNull();
      }),
    );
  });

  it('lets an admin make an editor a viewer', () => {
    expect(memberChangeProblem('admin', 'editor', { kind: 'role', role: 'viewer' })).toBeNull();
    expect(memberChangeProblem('editor', 'viewer', { kind: 'remove' })).toBe('Editors cannot manage members.');
  });
});

describe('connectionRefusal', () => {
  it('keeps a private connection to its creator and shares a workspace one (property)', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.string(),
        fc.constantFrom('private' as const, 'workspace' as const),
        (owner, user, visibility) => {
          const refusal = connectionRefusal({ visibility, ownerId: owner }, user);
          expect(refusal === null).toBe(visibility === 'workspace' || owner === user);
        },
      ),
    );
  });
});
