import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { expect, it, vi } from 'vitest';
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

  const recoverable = vi.fn();
  await act(async () => {
    hydrateRoot(host, <Page />, { onRecoverableError: recoverable });
  });
  expect(recoverable).not.toHaveBeenCalled();
  expect(host).toHaveTextContent('The sidebar is a sheet');
  expect(host.querySelector('p')).toHaveAttribute('data-hydrated', 'true');

  await act(async () => {
    phone = false;
    for (const listener of listeners) listener();
  });
  expect(host).toHaveTextContent('The sidebar is beside the page');
  host.remove();
});

it('is hydrated from the start in a page the browser renders itself', () => {
  const host = document.createElement('div');
  // No RenderEnvProvider: the app's own render (main.tsx's createRoot), and the component tests.
  host.innerHTML = renderToString(<Layout />);
  expect(host.querySelector('p')).toHaveAttribute('data-hydrated', 'true');
});
