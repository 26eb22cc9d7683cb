import { createFileRoute } from '@tanstack/react-router';
import { StudentsPage } from '../../features/students/students-page.tsx';

export const Route = createFileRoute('/alunos/')({
  // Ask for the list while the page's code is still loading (not awaited: offline, the page shows the saved copy).
  loader: ({ context }) => {
    void import('../../api/students.ts').then(({ studentsQueryOptions }) => context.queryClient.prefetchQuery(studentsQueryOptions()));
  },
  component: StudentsPage,
});
