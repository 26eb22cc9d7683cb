import { useQuery } from '@tanstack/react-query';
import { meQueryOptions } from '../api/me.ts';
import type { Me } from '../api/contract.ts';
import type { Permission } from '../api/permissions.ts';

export type Permissions = {
  /** The signed-in staff user, once the server (or the device's saved copy) has said who it is. */
  me: Me | undefined;
  /**
   * Whether the user's role may do this. While the role is not known yet (first visit, server unreachable), nothing
   * is hidden: the server refuses what the role cannot do, and no personal data is on the device before it answers.
   */
  can(permission: Permission): boolean;
};

/** The signed-in user's row of the permission matrix (src/api/permissions.ts), from GET /me. */
export function usePermissions(): Permissions {
  const { data: me } = useQuery(meQueryOptions());
  return { me, can: (permission) => !me || me.permissions.includes(permission) };
}
