import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { useBrowserStore, useHydrated } from './use-hydrated.ts';

let stored = 'dark';
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const renders: string[] = [];

/** Keeps the thread busy for `ms`, as rendering a large part of a page does on a phone. */
function spin(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

function Probe() {
  const hydrated = useHydrated();
  const theme = useBrowserStore(subscribe, () => stored, 'light');
  renders.push(`${hydrated ? 'hydrated' : 'hydrating'} ${theme}`);
  return <p>{`${hydrated ? 'hydrated' : 'hydrating'} · ${theme}`}</p>;
}

describe('useHydrated and useBrowserStore', () => {
  it('render the server’s values on the server', () => {
    expect(renderToString(<Probe />)).toContain('hydrating · light');
  });

  it('hydrate the server’s HTML as it is, then switch to the browser’s values', async () => {
    const host = document.createElement('div');
    host.innerHTML = renderToString(<Probe />);
    document.body.append(host);
    const recoverable = vi.fn();
    renders.length = 0;
    await act(async () => {
      hydrateRoot(host, <Probe />, { onRecoverableError: recoverable });
    });
    expect(host.textContent).toBe('hydrated · dark');
    expect(recoverable).not.toHaveBeenCalled();
    // One hydrating render (the server's values), then one with the browser's: no render in between
    // forced by the store's value differing from the server's.
    expect(renders).toEqual(['hydrating light', 'hydrated dark']);
    host.remove();
  });

  it('switch in a transition, which yields to the browser between components, not in one blocking render', async () => {
    // Four components that each take 10 ms to render once hydrated: a render in slices lets a timer set
    // at the first of them run before the last; one blocking render does not.
    const order: string[] = [];
    function Slow({ n }: { n: number }) {
      const hydrated = useHydrated();
      if (hydrated) {
        if (n === 1) setTimeout(() => order.push('timer'), 0);
        spin(10);
        order.push(`slow ${n}`);
      }
      return <i>{hydrated ? n : 0}</i>;
    }
    const page = (
      <>
        {[1, 2, 3, 4].map((n) => (
          <Slow key={n} n={n} />
        ))}
      </>
    );
    const host = document.createElement('div');
    host.innerHTML = renderToString(page);
    const actEnvironment = Reflect.get(globalThis, 'IS_REACT_ACT_ENVIRONMENT') as unknown;
    Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', false);
    try {
      hydrateRoot(host, page);
      await vi.waitFor(() => expect(host.textContent).toBe('1234'));
    } finally {
      Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', actEnvironment);
    }
    expect(order.indexOf('timer')).toBeGreaterThan(0);
    expect(order.indexOf('timer')).toBeLessThan(order.indexOf('slow 4'));
  });

  it('render the browser’s values at once in a page the browser draws, and follow the store', () => {
    renders.length = 0;
    render(<Probe />);
    expect(renders[0]).toBe('hydrated dark');
    act(() => {
      stored = 'light';
      for (const listener of listeners) listener();
    });
    expect(screen.getByText('hydrated · light')).toBeInTheDocument();
  });
});
