import { act, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it } from 'vitest';
import { hydrateKeeping } from '@/test/hydrate.tsx';
import { isHydrated, replayEarlyEvents } from './early-events.ts';
import { queryClient } from './query-client.ts';

function SeasonPicker({ onPick }: { onPick: (season: string) => void }) {
  const [season, setSeason] = useState('2024');
  return (
    <select
      aria-label="Season"
      value={season}
      // A new handler each time: React gives the select its props again when the page draws it again.
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

/** The server's page, with the loader's holder of early events (apps/server/src/lib/web-pages.ts) as it keeps a choice. */
function renderedPage(): { host: HTMLDivElement; select: HTMLSelectElement; pickEarly: (value: string) => void } {
  const host = document.createElement('div');
  host.innerHTML = renderToString(<SeasonPicker onPick={() => undefined} />);
  document.body.append(host);
  const select = host.querySelector('select')!;
  const held: { type: string; target: Element; value?: string }[] = [];
  const choose = (event: Event) => {
    if (!(event.target instanceof HTMLSelectElement)) return;
    event.stopPropagation();
    held.push({ type: 'change', target: event.target, value: event.target.value });
  };
  document.addEventListener('change', choose, true);
  window.__paddockEarly = { held, stop: () => document.removeEventListener('change', choose, true) };
  const pickEarly = (value: string) => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  };
  return { host, select, pickEarly };
}

afterEach(() => {
  window.__paddockEarly?.stop();
  document.body.replaceChildren();
  delete document.documentElement.dataset.hydrated;
  delete window.__paddockEarly;
});

it('tells an element the app has hydrated from one the server drew alone (by what Preact keeps on it)', async () => {
  const { host, select } = renderedPage();
  expect(isHydrated(select)).toBe(false);
  await hydrateKeeping(host, <SeasonPicker onPick={() => undefined} />);
  expect(isHydrated(select)).toBe(true);
});

it('tells the app of a season picked before the page was hydrated, even once the page has drawn the select again', async () => {
  const { host, select, pickEarly } = renderedPage();
  // The reader picks 2021 while the page's code is still on its way.
  pickEarly('2021');
  const picked: string[] = [];
  const pick = (season: string) => void picked.push(season);
  const root = await hydrateKeeping(host, <SeasonPicker onPick={pick} />);
  // React took the page over without hearing of it, and drew the select again with the server's choice.
  act(() => root.render(<SeasonPicker onPick={(season) => pick(season)} />));
  expect(picked).toEqual([]);
  expect(select.value).toBe('2024');
  replayEarlyEvents();
  await waitFor(() => expect(picked).toEqual(['2021']));
  expect(select.value).toBe('2021');
});

it('keeps a season picked once the app had the page over the one picked before it had', async () => {
  const { host, select, pickEarly } = renderedPage();
  pickEarly('2021');
  const picked: string[] = [];
  await hydrateKeeping(host, <SeasonPicker onPick={(season) => picked.push(season)} />);
  // The replay waits for the reader's queries (one is still on its way); meanwhile they pick 2024 again.
  let answer = () => undefined as void;
  void queryClient.fetchQuery({
    queryKey: ['early-events-test'],
    queryFn: () => new Promise<string>((r) => (answer = () => r('ok'))),
  });
  replayEarlyEvents();
  await act(async () => {
    select.value = '2021';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    select.value = '2024';
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
  expect(picked).toEqual(['2021', '2024']);
  answer();
  await waitFor(() => expect(document.documentElement.dataset.hydrated).toBe(''));
  // Their last choice stands: the one made before hydration is not made again over it.
  expect(picked).toEqual(['2021', '2024']);
  expect(select.value).toBe('2024');
});

it('does not tell the app again of a season it already draws', async () => {
  const { host, pickEarly } = renderedPage();
  pickEarly('2024');
  const picked: string[] = [];
  await hydrateKeeping(host, <SeasonPicker onPick={(season) => picked.push(season)} />);
  replayEarlyEvents();
  await waitFor(() => expect(document.documentElement.dataset.hydrated).toBe(''));
  expect(picked).toEqual([]);
});
