import { createFileRoute } from '@tanstack/react-router';
import { StudentsPage } from '../../features/students/students-page.tsx';
import { prefetchStudents } from '../../api/students.ts';
import { loadFeatureMessages } from '../../lib/i18n.ts';

export const Route = createFileRoute('/alunos/')({
  staticData: { permission: 'students:list' },
  // The list's request starts with the navigation, while the page's code downloads (never awaited: offline, it waits).
  loader: ({ context }) => {
    prefetchStudents(context.queryClient);
    return loadFeatureMessages('students');
  },
  component: StudentsPage,
});
