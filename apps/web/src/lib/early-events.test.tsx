import { act, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';
import { replayEarlyEvents } from './early-events.ts';

function SeasonPicker({ onPick }: { onPick: (season: string) => void }) {
  return (
    <select aria-label="Season" value="2024" onChange={(event) => onPick(event.target.value)}>
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
