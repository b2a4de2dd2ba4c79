import { render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { describe, expect, it } from 'vitest';
import { fakeIntersectionObserver } from '@/test/intersection-observer.ts';
import { NearScreen } from './near-screen.tsx';

const observers = fakeIntersectionObserver();

let loads = 0;
const Chart = lazy(async () => {
  loads += 1;
  return { default: () => <svg aria-label="Points chart" /> };
});

describe('NearScreen', () => {
  it('holds the place until it comes near the screen, then loads and draws what it holds', async () => {
    const { container } = render(
      <NearScreen placeholder={<p>Chart to come</p>}>
        <Chart />
      </NearScreen>,
    );
    expect(screen.getByText('Chart to come')).toBeInTheDocument();
    expect(loads).toBe(0);
    const place = container.firstElementChild!;
    expect(observers.optionsFor(place)).toEqual([{ rootMargin: '200px' }]);

    observers.show(place);
    expect(await screen.findByLabelText('Points chart')).toBeInTheDocument();
    expect(screen.queryByText('Chart to come')).not.toBeInTheDocument();
    expect(loads).toBe(1);
    // Drawn for good: it stops watching.
    expect(observers.optionsFor(place)).toEqual([]);
  });
});
