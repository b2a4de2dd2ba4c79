import { setAutoFreeze } from 'immer';
import { CartesianGrid } from 'recharts';

// recharts keeps the chart's elements in its store (Redux Toolkit's, which freezes what it holds with immer), and
// Preact writes into an element as it draws it: a frozen one throws. Every chart loads this module with recharts.
setAutoFreeze(false);

const none = (): number[] => [];

/**
 * A chart's grid, with lines one way only. recharts works out where the other way's lines would go although
 * it does not draw them, measuring that axis's labels in the page, a forced layout each: it is told there are
 * none. Loaded with recharts, by every chart.
 */
export function ChartGrid({ lines }: { lines: 'horizontal' | 'vertical' }) {
  return lines === 'horizontal' ? (
    <CartesianGrid vertical={false} verticalCoordinatesGenerator={none} stroke="var(--border)" />
  ) : (
    <CartesianGrid horizontal={false} horizontalCoordinatesGenerator={none} stroke="var(--border)" />
  );
}
