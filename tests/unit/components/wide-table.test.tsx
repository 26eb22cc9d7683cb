/**
 * A table wider than its box shades the edge with more beyond it: the right edge at first, both once scrolled a bit,
 * the left alone at the end, none when it fits. Touch browsers draw no scrollbar until one scrolls.
 */
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { Table } from '@mantine/core';
import { WideTable } from '../../../src/components/wide-table.tsx';
import { renderWithProviders } from '../../support/render.tsx';

/** jsdom lays nothing out: the box's widths are set by hand, as a browser would measure them. */
function measure(box: HTMLElement, { scrollWidth, clientWidth }: { scrollWidth: number; clientWidth: number }) {
  Object.defineProperty(box, 'scrollWidth', { configurable: true, value: scrollWidth });
  Object.defineProperty(box, 'clientWidth', { configurable: true, value: clientWidth });
}

const edgesOf = (box: HTMLElement) => ({
  left: box.parentElement!.hasAttribute('data-more-left'),
  right: box.parentElement!.hasAttribute('data-more-right'),
});

describe('a wide table', () => {
  it('is a named region that takes focus, and shades the edges it can still scroll past', () => {
    renderWithProviders(
      <WideTable label="Frequency by class" minWidth={640}>
        <Table>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>Judô - Turma A</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </WideTable>,
    );
    const box = screen.getByRole('region', { name: 'Frequency by class' });
    expect(box.tabIndex).toBe(0);
    expect(edgesOf(box)).toEqual({ left: false, right: false });

    measure(box, { scrollWidth: 700, clientWidth: 600 });
    act(() => void fireEvent.scroll(box));
    expect(edgesOf(box)).toEqual({ left: false, right: true });

    box.scrollLeft = 40;
    act(() => void fireEvent.scroll(box));
    expect(edgesOf(box)).toEqual({ left: true, right: true });

    box.scrollLeft = 100;
    act(() => void fireEvent.scroll(box));
    expect(edgesOf(box)).toEqual({ left: true, right: false });

    measure(box, { scrollWidth: 600, clientWidth: 600 });
    box.scrollLeft = 0;
    act(() => void fireEvent.scroll(box));
    expect(edgesOf(box)).toEqual({ left: false, right: false });
  });
});
