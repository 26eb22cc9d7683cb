import { Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';

/** The page's one h1, also used as the document title. */
export function PageTitle({ children }: { children: string }) {
  useDocumentTitle(`${children} · Quadra`);
  return (
    <Title order={1} size="h2" mb="md">
      {children}
    </Title>
  );
}
