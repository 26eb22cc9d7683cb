/**
 * A table that may be wider than the screen (a portrait tablet): it scrolls sideways inside its own box, which is a
 * named region that takes focus (so the keyboard scrolls it too), and shades its edges while there is more that way.
 */
import { Box, Table, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import { useScrollEdges } from './use-scroll-edges.ts';

export function WideTable({ label, minWidth, mt, children }: { label: string; minWidth: number; mt?: MantineSpacing; children: ReactNode }) {
  const { ref, frameProps } = useScrollEdges<HTMLDivElement>();
  return (
    <Box {...frameProps} mt={mt}>
      <Table.ScrollContainer ref={ref} minWidth={minWidth} type="native" tabIndex={0} role="region" aria-label={label}>
        {children}
      </Table.ScrollContainer>
    </Box>
  );
}
