import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test/render.tsx';
import { AuthorLine } from './author-line.tsx';

const spoofer = { username: 'spoofer', name: 'Lena \u202Emoc.elpmaxe', profile_picture: null };

function renderLine(user: { username: string; name: string; profile_picture: string | null }) {
  return renderRoutes(
    [{ path: '/home', element: <AuthorLine user={user} createdAt={new Date(Date.now() - 60_000).toISOString()} /> }],
    { at: '/home' },
  );
}

describe('author line', () => {
  it('isolates the name, so a reversing character in it cannot reach the handle or the time', () => {
    renderLine(spoofer);

    const name = screen.getByRole('link', { name: spoofer.name });
    const isolate = name.firstElementChild;
    expect(isolate?.tagName).toBe('BDI');
    expect(isolate).toHaveTextContent(spoofer.name, { normalizeWhitespace: false });
    // The handle and the time sit outside the isolate.
    expect(isolate).not.toContainElement(screen.getByText('@spoofer'));
    expect(isolate).not.toContainElement(screen.getByText('1m ago'));
  });

  it('isolates the username when there is no display name', () => {
    renderLine({ username: 'lena', name: '', profile_picture: null });

    expect(screen.getByRole('link', { name: 'lena' }).firstElementChild?.tagName).toBe('BDI');
  });
});
