import { createFileRoute } from '@tanstack/react-router';
import { ImportPage } from '../../features/imports/import-page.tsx';
import { loadFeatureMessages } from '../../lib/i18n.ts';

export const Route = createFileRoute('/alunos/importar')({
  staticData: { permission: 'students:import' },
  loader: () => loadFeatureMessages('imports'),
  component: ImportPage,
});
