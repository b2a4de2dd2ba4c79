import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Progress } from './progress.tsx';

const indicator = () => screen.getByRole('progressbar').firstElementChild as HTMLElement;

describe('Progress', () => {
  it('shows its value as a bar moved into place, and reads it rounded', () => {
    render(<Progress value={54.36} aria-label="Race week progress" />);
    expect(screen.getByRole('progressbar', { name: 'Race week progress' })).toHaveAttribute('aria-valuenow', '54');
    expect(indicator().style.transform).toBe('translateX(-45.6%)');
    expect(indicator().style.width).toBe('');
  });

  it('is not restyled by a change smaller than it can show, as a clock ticking each second would make', () => {
    const { rerender } = render(<Progress value={54.3201} aria-label="Race thoughts window" />);
    const before = indicator().style.transform;
    rerender(<Progress value={54.3312} aria-label="Race thoughts window" />);
    expect(indicator().style.transform).toBe(before);
    rerender(<Progress value={54.4} aria-label="Race thoughts window" />);
    expect(indicator().style.transform).toBe('translateX(-45.6%)');
  });

  it('keeps the bar within its track', () => {
    const { rerender } = render(<Progress value={-5} aria-label="Race week progress" />);
    expect(indicator().style.transform).toBe('translateX(-100.0%)');
    rerender(<Progress value={130} aria-label="Race week progress" />);
    expect(indicator().style.transform).toBe('translateX(-0.0%)');
  });
});
