/**
 * A role narrowed while the app holds its data (an admin lowered this user's access, or took a permission away): what
 * the old role could read leaves the device, as at the end of a session (forgetDeviceData; unsent work stays, and the
 * drafts the new role may still save: a roll call's marks, a form's typing), and the
 * screens read again what the new role may see. The sync only writes the parts a role may read and never removes the
 * others, and hiding screens is not removing data.
 */
import type { QueryCacheNotifyEvent } from '@tanstack/react-query';
import { meKeys } from '../api/me.ts';
import type { Me } from '../api/contract.ts';
import { forgetDeviceData, queryClient } from './query-client.ts';
import { ownClassesOnly } from '../api/permissions.ts';

/** Whether the newer role lacks a permission the older one had (another user altogether is the session's business). */
export function narrowed(before: Pick<Me, 'id' | 'permissions'> | undefined, after: Pick<Me, 'id' | 'permissions'> | undefined): boolean {
  if (!before || !after || before.id !== after.id) return false;
  return before.permissions.some((permission) => !after.permissions.includes(permission));
}

let watching = false;
export function forgetDataWhenRoleNarrows(): void {
  if (watching) return;
  watching = true;
  // The role as the device last knew it (the restored copy), against which the next answer is compared.
  let known = queryClient.getQueryData<Me>(meKeys.all);
  queryClient.getQueryCache().subscribe((event: QueryCacheNotifyEvent) => {
    if (event.query.queryHash !== JSON.stringify(meKeys.all)) return;
    if (event.type === 'removed') {
      known = undefined;
      return;
    }
    const me = event.query.state.data as Me | undefined;
    if (!me || me === known) return;
    const before = known;
    known = me;
    if (narrowed(before, me)) {
      known = undefined;
      // The user is still signed in, perhaps in the middle of a roll call or a form: what they may still save stays.
      const can = (permission: string) => me.permissions.includes(permission);
      void forgetDeviceData({
        // Not when the role now sees only its own classes' rolls (made an instructor): a draft of another class's roll,
        // a justified absence's reason in it, is no longer theirs to keep.
        keepRollDrafts: can('attendance:write') && (!ownClassesOnly(me.access) || (before !== undefined && ownClassesOnly(before.access))),
        keepFormDrafts: can('students:write') && can('guardians:write'),
      });
    }
  });
}
