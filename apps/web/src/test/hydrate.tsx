import { act } from '@testing-library/react';
import type { ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { expect } from 'vitest';

/**
 * Hydrates `host` (HTML rendered as the server renders it) with `page`, and fails where hydrating did not keep an
 * element of that HTML: Preact reports no mismatch, it draws the browser's element in place of the server's, which
 * is what a reader sees as a jump. What the page draws afterwards with the browser's own values may differ.
 */
export async function hydrateKeeping(host: Element, page: ReactNode): Promise<Root> {
  const served = [...host.querySelectorAll('*')];
  let root: Root | undefined;
  await act(async () => {
    root = hydrateRoot(host, page);
  });
  const dropped = served.filter((element) => !host.contains(element)).map((element) => element.outerHTML);
  expect(dropped, 'elements of the server’s HTML that hydrating replaced').toEqual([]);
  return root!;
}
