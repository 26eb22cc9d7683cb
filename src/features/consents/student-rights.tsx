/** A child's data rights on their profile (issue 51): the consents, for the roles that read them. */
import { usePermissions } from '../../components/use-permissions.ts';
import { ConsentsPanel } from './consents-panel.tsx';

export function StudentRights({ studentId }: { studentId: string }) {
  const { can } = usePermissions();
  return can('consents:read') ? <ConsentsPanel studentId={studentId} /> : null;
}
