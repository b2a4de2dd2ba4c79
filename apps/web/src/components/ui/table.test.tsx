import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Table, TableBody, TableCell, TableRow } from './table.tsx';

function renderTable() {
  const view = render(
    <Table aria-label="Standings">
      <TableBody>
        <TableRow>
          <TableCell>Charles Leclerc</TableCell>
        </TableRow>
      </TableBody>
    </Table>,
  );
  const container = view.container.querySelector<HTMLElement>('[data-slot="table-container"]');
  if (!container) throw new Error('no scroll container');
  return { ...view, container };
}

/** The browser's layout, which the test environment does not compute. */
function layOut(element: HTMLElement, box: { scrollWidth: number; clientWidth: number; scrollLeft: number }) {
  for (const [key, value] of Object.entries(box)) {
    Object.defineProperty(element, key, { configurable: true, value });
  }
  act(() => {
    fireEvent.scroll(element);
  });
}

const hint = (side: 'left' | 'right') => document.querySelector(`[data-slot="table-more-${side}"]`);

describe('table', () => {
  it('shows no scroll hint when the table fits', () => {
    const { container } = renderTable();
    layOut(container, { scrollWidth: 300, clientWidth: 300, scrollLeft: 0 });

    expect(screen.getByRole('table', { name: 'Standings' })).toBeInTheDocument();
    expect(hint('left')).toBeNull();
    expect(hint('right')).toBeNull();
  });

  it('shades the edge that has more columns to scroll to', () => {
    const { container } = renderTable();

    layOut(container, { scrollWidth: 420, clientWidth: 300, scrollLeft: 0 });
    expect(hint('left')).toBeNull();
    expect(hint('right')).toHaveAttribute('aria-hidden', 'true');

    layOut(container, { scrollWidth: 420, clientWidth: 300, scrollLeft: 60 });
    expect(hint('left')).not.toBeNull();
    expect(hint('right')).not.toBeNull();

    layOut(container, { scrollWidth: 420, clientWidth: 300, scrollLeft: 120 });
    expect(hint('left')).not.toBeNull();
    expect(hint('right')).toBeNull();
  });
});
