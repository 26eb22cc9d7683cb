import { createFileRoute } from '@tanstack/react-router';
import { StudentProfilePage } from '../../../features/students/student-profile-page.tsx';
import { StudentDocumentAdder } from '../../../features/student-registration/document-uploader.tsx';
import { studentQueryOptions } from '../../../api/student-records.ts';
import { loadFeatureMessages } from '../../../lib/i18n.ts';
import { StudentRights } from '../../../features/consents/student-rights.tsx';
import { ProfileFollowUp } from '../../../features/cases/profile-follow-up.tsx';

export const Route = createFileRoute('/alunos/$id/')({
  staticData: { permission: 'students:read' },
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(studentQueryOptions(params.id));
    return Promise.all([
      loadFeatureMessages('students'),
      loadFeatureMessages('student-registration'),
      loadFeatureMessages('consents'),
      loadFeatureMessages('cases'),
    ]);
  },
  component: Page,
});

function Page() {
  const { id } = Route.useParams();
  return (
    <StudentProfilePage
      studentId={id}
      documentAdder={<StudentDocumentAdder studentId={id} />}
      rights={<StudentRights studentId={id} />}
      followUp={(student) => <ProfileFollowUp studentId={student.id} studentName={student.fullName} />}
    />
  );
}
