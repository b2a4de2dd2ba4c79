import type { F1DataStatus } from '@paddock/contract/f1';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubApi } from '@/test/http.ts';
import { testQueryClient } from '@/test/render.tsx';
import { F1DataCredit } from './f1-data-credit.tsx';

beforeAll(() => {
  // A viewer an hour ahead of UTC in November: times are the viewer's own.
  process.env.TZ = 'Europe/Rome';
});

const hungary = { race_id: 1160, name: 'Hungarian Grand Prix', season: 2026, round: 11, date: '2026-07-26T13:00:00Z' };

function renderCredit(reply: { status: number; data: unknown }) {
  const requests = stubApi(() => reply);
  render(
    <QueryClientProvider client={testQueryClient()}>
      <F1DataCredit />
    </QueryClientProvider>,
  );
  return requests;
}

describe('the F1 data credit', () => {
  it('says when the results were last brought in from Jolpica', async () => {
    const status: F1DataStatus = { results_synced_at: '2026-11-25T14:05:00.000Z', latest_results: hungary };
    const requests = renderCredit({ status: 200, data: status });

    const line = await screen.findByText(/^Results last updated/);
    expect(line).toHaveTextContent('Results last updated 25 Nov 2026, 15:05 from Jolpica (CC BY-NC-SA 4.0)');
    expect(screen.getByRole('link', { name: 'Jolpica' })).toHaveAttribute(
      'href',
      'https://github.com/jolpica/jolpica-f1',
    );
    expect(screen.getByRole('link', { name: 'F1DB' })).toHaveAttribute('href', 'https://github.com/f1db/f1db');
    expect(screen.getByRole('link', { name: 'f1-circuits' })).toHaveAttribute(
      'href',
      'https://github.com/bacinger/f1-circuits',
    );
    expect(requests.map((r) => r.operation)).toEqual(['dataStatus']);
  });

  it('says the results are the bundled F1DB data, and up to when, until a sync brought any', async () => {
    renderCredit({ status: 200, data: { results_synced_at: null, latest_results: hungary } });

    expect(await screen.findByText('Results from the bundled F1DB data, up to 26 Jul 2026')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Jolpica' })).not.toBeInTheDocument();
  });

  it('keeps the credit when the status cannot be loaded', async () => {
    const requests = renderCredit({ status: 500, data: { detail: 'A server error occurred.' } });

    await expect.poll(() => requests.length).toBe(1);
    expect(screen.getByText(/Formula 1 data:/)).toHaveTextContent('Formula 1 data: F1DB (CC BY 4.0)');
    expect(screen.queryByText(/^Results/)).not.toBeInTheDocument();
  });
});
