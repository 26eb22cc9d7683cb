import { createFileRoute } from '@tanstack/react-router';
import { ImportPage } from '../../features/imports/import-page.tsx';
import { loadFeatureMessages } from '../../lib/catalogs.ts';

export const Route = createFileRoute('/alunos/importar')({
  staticData: { permission: 'students:import' },
  loader: () => loadFeatureMessages('imports'),
  component: ImportPage,
});
