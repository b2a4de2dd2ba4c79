import { waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it, vi } from 'vitest';
import { hydrateKeeping } from '@/test/hydrate.tsx';
import { RenderEnvProvider } from '@/lib/render-env.tsx';
import { useHighlight } from './use-highlight.ts';

/** The comment as a page rendered on the server holds it: in the render's environment, hydrated from it. */
function Page() {
  return (
    <RenderEnvProvider env={{ timeZone: 'UTC', now: Date.parse('2026-03-08T06:00:00Z') }}>
      <LinkedComment />
    </RenderEnvProvider>
  );
}

function LinkedComment() {
  const highlighted = useHighlight('comment-7', true);
  // As the comment lists do: the target takes focus (tabIndex -1) while it is highlighted.
  return (
    <article id="comment-7" tabIndex={highlighted ? -1 : undefined} data-highlighted={highlighted}>
      They boxed a lap late.
    </article>
  );
}

afterEach(() => vi.restoreAllMocks());

it('focuses and highlights a deep link’s target on a page rendered on the server, once hydrated', async () => {
  const host = document.createElement('div');
  host.innerHTML = renderToString(<Page />);
  expect(host.querySelector('#comment-7')).toHaveAttribute('data-highlighted', 'false');
  document.body.append(host);
  // A browser focuses only what can take focus (jsdom is laxer): note what each call found.
  const focusable: boolean[] = [];
  const focus = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'focus')?.value as (
    this: HTMLElement,
    options?: FocusOptions,
  ) => void;
  vi.spyOn(HTMLElement.prototype, 'focus').mockImplementation(function (this: HTMLElement, options) {
    focusable.push(this.hasAttribute('tabindex'));
    focus.call(this, options);
  });
  await hydrateKeeping(host, <Page />);
  const target = document.getElementById('comment-7');
  await waitFor(() => expect(target).toHaveAttribute('data-highlighted', 'true'));
  // Focused by the effect that follows the drawing of the highlight.
  await waitFor(() => expect(document.activeElement).toBe(target));
  expect(focusable).toEqual([true]);
  host.remove();
});
