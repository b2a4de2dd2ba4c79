import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadErrorState } from '@/components/query-states.tsx';
import { reportDatabaseReachable } from '@/lib/service-status.ts';
import { DatabaseTroubleBanner } from './database-trouble-banner.tsx';

describe('while the server cannot reach its database', () => {
  it('says so above the page and in load errors, until an answer arrives again', () => {
    render(
      <>
        <DatabaseTroubleBanner />
        <LoadErrorState title="Could not load this race" onRetry={() => undefined} />
      </>,
    );
    expect(screen.queryByText('Paddock is having trouble reaching its database.')).not.toBeInTheDocument();
    expect(screen.getByText('Please check your connection and try again.')).toBeInTheDocument();

    act(() => reportDatabaseReachable(false));
    expect(screen.getByRole('status')).toHaveTextContent(
      'Paddock is having trouble reaching its database. Pages will load again as soon as it is back.',
    );
    expect(
      screen.getByText('Paddock is having trouble reaching its database. Please try again in a moment.'),
    ).toBeInTheDocument();

    act(() => reportDatabaseReachable(true));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByText('Please check your connection and try again.')).toBeInTheDocument();
  });
});
