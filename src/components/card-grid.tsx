import { SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';

/** SPEC §2, §9: 1 column on mobile, 2 on tablet, 3 on desktop. */
export function CardGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" role="list">
      {children}
    </SimpleGrid>
  );
}
