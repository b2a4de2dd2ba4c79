import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@paddock/contract/users';
import { stubApi } from '@/test/http.ts';
import { renderRoutes, testQueryClient } from '@/test/render.tsx';
import { meFixture } from '@/test/review-fixtures.ts';
import { SpoilerShieldSetting } from './spoiler-shield-setting.tsx';

/* The spoiler shield's setting on /settings (decision 033). */

function renderSetting(me: CurrentUser) {
  localStorage.setItem('access', 'token');
  const queryClient = testQueryClient();
  queryClient.setQueryData(['auth', 'me'], me);
  return renderRoutes([{ path: '/settings', element: <SpoilerShieldSetting /> }], { at: '/settings', queryClient });
}

describe('the spoiler shield setting', () => {
  it('shows the reader’s setting and explains each choice in one line', () => {
    stubApi(() => ({ status: 404, data: {} }));
    renderSetting(meFixture({ spoiler_shield: 'recent' }));
    const select = screen.getByRole('combobox', { name: 'Spoiler shield' });
    expect(select).toHaveValue('recent');
    expect([...(select as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Off',
      'Recent races',
      'Every unwatched race',
    ]);
    expect(screen.getByText('Show every result, rating and review.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Hide the results, ratings and reviews of races from the last 14 days until you mark them watched.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Hide the results, ratings and reviews of every race you have not marked watched.'),
    ).toBeInTheDocument();
  });

  it('saves a new choice, and sets the hint that keeps shielded pages from being rendered as a guest’s', async () => {
    const requests = stubApi(({ operation, body }) =>
      operation === 'updateMe'
        ? { status: 200, data: meFixture({ spoiler_shield: (body as { spoiler_shield: 'unwatched' }).spoiler_shield }) }
        : { status: 404, data: {} },
    );
    renderSetting(meFixture());
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Spoiler shield' }), 'unwatched');
    expect(await screen.findByText('Spoiler shield: Every unwatched race.')).toBeInTheDocument();
    expect(requests.find((r) => r.operation === 'updateMe')?.body).toEqual({ spoiler_shield: 'unwatched' });
    expect(screen.getByRole('combobox', { name: 'Spoiler shield' })).toHaveValue('unwatched');
    expect(document.cookie).toContain('spoiler_shield=1');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Spoiler shield' }), 'off');
    expect(await screen.findByText('Spoiler shield: Off.')).toBeInTheDocument();
    expect(document.cookie).not.toContain('spoiler_shield=1');
  });
});
