/**
 * `useCan(action)`: whether the signed-in member may do `action` in the current workspace, with
 * the reason to show on a disabled control. The one way a screen asks (core's permission table
 * through the access store), so no screen writes its own role check.
 */
import type { Action, Permission } from '@junction/core';
import { useEffect } from 'react';
import { usePageStore } from '../stores/root-store.js';
import { AccessStoreModel } from './access-store.js';

/**
 * The permission for `action`; observe it inside an `observer` component.
 *
 * @example
 * const mayShare = useCan('workflow.share');
 * <Button disabled={!mayShare.allowed} title={mayShare.allowed ? undefined : mayShare.reason}>Share</Button>
 */
export function useCan(action: Action): Permission {
  const access = usePageStore(AccessStoreModel);
  useEffect(() => {
    void access.load();
  }, [access]);
  return access.permission(action);
}

/** The reason to show when a permission refuses, else undefined. */
export function refusal(permission: Permission): string | undefined {
  return permission.allowed ? undefined : permission.reason;
}
