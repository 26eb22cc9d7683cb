/** A child's data rights on their profile (issue 51): the consents, for the roles that read them; the guardian's copy. */
import { usePermissions } from '../../components/use-permissions.ts';
import { ConsentsPanel } from './consents-panel.tsx';
import { ExportChildData } from './export-child-data.tsx';

export function StudentRights({ studentId }: { studentId: string }) {
  const { can } = usePermissions();
  return (
    <>
      {can('consents:read') && <ConsentsPanel studentId={studentId} />}
      {can('students:export') && <ExportChildData studentId={studentId} />}
    </>
  );
}
