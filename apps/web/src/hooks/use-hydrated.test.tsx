import { act, waitFor } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { Suspense, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';
import { hydrateKeeping } from '@/test/hydrate.tsx';
import { lazy, whenLazyCodeLoaded } from '@/lib/lazy.ts';
import { RenderEnvProvider } from '@/lib/render-env.tsx';
import { useHydrated, useStoreAfterHydration } from './use-hydrated.ts';

// A browser store (a media query, the stored session) whose value differs from what the server rendered.
let phone = true;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function Layout() {
  const onPhone = useStoreAfterHydration(subscribe, () => phone, false);
  return <p data-hydrated={useHydrated()}>{onPhone ? 'The sidebar is a sheet' : 'The sidebar is beside the page'}</p>;
}

function Page() {
  return (
    <RenderEnvProvider env={{ timeZone: 'UTC', now: Date.parse('2026-03-08T06:00:00Z') }}>
      <Layout />
    </RenderEnvProvider>
  );
}

it('hydrates a page with the server’s values, then draws the browser’s and follows the store', async () => {
  const host = document.createElement('div');
  host.innerHTML = renderToString(<Page />);
  expect(host).toHaveTextContent('The sidebar is beside the page');
  expect(host.querySelector('p')).toHaveAttribute('data-hydrated', 'false');
  document.body.append(host);

  await hydrateKeeping(host, <Page />);
  await waitFor(() => expect(host).toHaveTextContent('The sidebar is a sheet'));
  expect(host.querySelector('p')).toHaveAttribute('data-hydrated', 'true');

  await act(async () => {
    phone = false;
    for (const listener of listeners) listener();
  });
  expect(host).toHaveTextContent('The sidebar is beside the page');
  host.remove();
});

it('is hydrated from the start in a page the browser renders itself', async () => {
  const host = document.createElement('div');
  // No RenderEnvProvider: the app's own render (main.tsx's createRoot), and the component tests.
  const root = createRoot(host);
  await act(async () => root.render(<Layout />));
  expect(host.querySelector('p')).toHaveAttribute('data-hydrated', 'true');
  root.unmount();
});

it('turns hydrated only once the code of a part the server drew lazily has come, and that part hydrates', async () => {
  // The server had the part's code; the browser is still fetching it when the page is hydrated.
  const Part = () => <p data-hydrated={useHydrated()}>Podium of the 2021 Abu Dhabi Grand Prix</p>;
  let arrive!: () => void;
  const inBrowser = lazy(
    () => new Promise<{ default: typeof Part }>((resolve) => (arrive = () => resolve({ default: Part }))),
  );
  const page = (Lazy: ComponentType) => (
    <RenderEnvProvider env={{ timeZone: 'UTC', now: Date.parse('2026-03-08T06:00:00Z') }}>
      <Layout />
      <Suspense fallback={<p>Loading</p>}>
        <Lazy />
      </Suspense>
    </RenderEnvProvider>
  );
  // The server's HTML of the part, in its Suspense boundary, as it is with the code at hand.
  const host = document.createElement('div');
  host.innerHTML = renderToString(page(Part));
  expect(host).toHaveTextContent('Podium of the 2021 Abu Dhabi Grand Prix');
  document.body.append(host);

  await hydrateKeeping(host, page(inBrowser));
  // Hydrated but for the part whose code is on its way: the browser's values wait for it.
  expect(host.querySelector('p')).toHaveAttribute('data-hydrated', 'false');
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 100));
  });
  expect(host.querySelector('p')).toHaveAttribute('data-hydrated', 'false');
  await act(async () => {
    arrive();
    await whenLazyCodeLoaded();
  });
  await waitFor(() => expect(host.querySelectorAll('[data-hydrated="true"]')).toHaveLength(2));
  expect(host).not.toHaveTextContent('Loading');
  host.remove();
});
