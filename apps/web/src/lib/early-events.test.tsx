import { act, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';
import { replayEarlyEvents } from './early-events.ts';

function SeasonPicker({ onPick }: { onPick: (season: string) => void }) {
  const [season, setSeason] = useState('2024');
  return (
    <select
      aria-label="Season"
      value={season}
      onChange={(event) => {
        setSeason(event.target.value);
        onPick(event.target.value);
      }}
    >
      <option value="2024">2024</option>
      <option value="2021">2021</option>
    </select>
  );
}

it('tells the app of a season picked before the page was hydrated', async () => {
  const host = document.createElement('div');
  host.innerHTML = renderToString(<SeasonPicker onPick={() => undefined} />);
  document.body.append(host);
  const select = host.querySelector('select')!;
  // The reader picks 2021 while the page's code is still on its way.
  select.value = '2021';
  select.dispatchEvent(new Event('change', { bubbles: true }));
  const picked: string[] = [];
  await act(async () => {
    hydrateRoot(host, <SeasonPicker onPick={(season) => picked.push(season)} />);
  });
  // React took the page over without hearing of it.
  expect(picked).toEqual([]);
  replayEarlyEvents();
  await waitFor(() => expect(picked).toEqual(['2021']));
  host.remove();
  delete document.documentElement.dataset.hydrated;
});

it('does not tell the app again of a season picked after the page was hydrated', async () => {
  const host = document.createElement('div');
  host.innerHTML = renderToString(<SeasonPicker onPick={() => undefined} />);
  document.body.append(host);
  const picked: string[] = [];
  await act(async () => {
    hydrateRoot(host, <SeasonPicker onPick={(season) => picked.push(season)} />);
  });
  // The reader picks 2021 once the app has the page: the app hears of it, and draws it.
  const select = host.querySelector('select')!;
  await act(async () => {
    select.value = '2021';
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
  expect(picked).toEqual(['2021']);
  replayEarlyEvents();
  await waitFor(() => expect(document.documentElement.dataset.hydrated).toBe(''));
  // The server drew 2024, but the app already drew the reader's 2021: nothing is told twice.
  expect(picked).toEqual(['2021']);
  host.remove();
  delete document.documentElement.dataset.hydrated;
});
