import type { RelationListItem } from '@paddock/contract/follows';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, expect, it, onTestFinished, vi } from 'vitest';
import { stubApi } from '@/test/http.ts';
import { renderRoutes, testQueryClient } from '@/test/render.tsx';
import { lena, marco, meFixture } from '@/test/review-fixtures.ts';
import { SettingsRoute } from './settings.tsx';

afterEach(() => {
  toast.dismiss();
  vi.restoreAllMocks();
});

it('lists the blocked and muted accounts, and takes a block back', async () => {
  localStorage.setItem('access', 'token');
  const queryClient = testQueryClient();
  queryClient.setQueryData(['auth', 'me'], meFixture());
  let blocked: RelationListItem[] = [{ user: lena, created_at: '2026-11-01T00:00:00Z' }];
  const requests = stubApi((request) => {
    if (request.operation === 'listBlocks') return { status: 200, data: { results: blocked, next_cursor: null } };
    if (request.operation === 'listMutes') {
      return {
        status: 200,
        data: { results: [{ user: marco, created_at: '2026-11-02T00:00:00Z' }], next_cursor: null },
      };
    }
    if (request.operation === 'unblockUser') {
      blocked = [];
      return { status: 204, data: null };
    }
    return { status: 404, data: { detail: 'Not found.' } };
  });
  renderRoutes([{ path: '/settings', element: <SettingsRoute /> }], { at: '/settings', queryClient });

  const blockedSection = await screen.findByRole('region', { name: 'Blocked accounts' });
  const mutedSection = screen.getByRole('region', { name: 'Muted accounts' });
  expect(await within(blockedSection).findByRole('link', { name: 'Lena Fischer' })).toHaveAttribute(
    'href',
    '/profile/lena',
  );
  expect(await within(mutedSection).findByRole('button', { name: `Unmute @${marco.username}` })).toBeInTheDocument();

  await userEvent.click(within(blockedSection).getByRole('button', { name: 'Unblock @lena' }));
  expect(await within(blockedSection).findByText('You have not blocked anyone.')).toBeInTheDocument();
  expect(requests.find((r) => r.operation === 'unblockUser')?.params).toEqual({ id: String(lena.id) });
  expect(await screen.findByText('Unblocked @lena')).toBeInTheDocument();
});

it('downloads the account’s data as a JSON file named after it', async () => {
  localStorage.setItem('access', 'token');
  const queryClient = testQueryClient();
  queryClient.setQueryData(['auth', 'me'], meFixture());
  const saved: Blob[] = [];
  const createObjectURL = vi.fn((blob: Blob) => {
    saved.push(blob);
    return 'blob:export';
  });
  // jsdom has no object URLs: the test lends them for its own run.
  Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
  onTestFinished(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });
  const clicked: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.download);
  });
  stubApi((request) => {
    if (request.operation === 'exportMyData') {
      return { status: 200, data: { format: 'paddock-export', exported_at: '2026-11-28T03:00:00.000Z', reviews: [] } };
    }
    return { status: 200, data: { results: [], next_cursor: null } };
  });
  renderRoutes([{ path: '/settings', element: <SettingsRoute /> }], { at: '/settings', queryClient });

  await userEvent.click(await screen.findByRole('button', { name: 'Download your data' }));
  expect(await screen.findByText('Your data is downloaded.')).toBeInTheDocument();
  expect(clicked).toEqual([`paddock-${meFixture().username}-2026-11-28.json`]);
  expect(JSON.parse(await saved[0]!.text())).toMatchObject({ format: 'paddock-export', reviews: [] });
});

it('deletes the account after the typed username and the password, then signs out to the home page', async () => {
  localStorage.setItem('access', 'token');
  localStorage.setItem('refresh', 'refresh-token');
  const queryClient = testQueryClient();
  const me = meFixture();
  queryClient.setQueryData(['auth', 'me'], me);
  const requests = stubApi((request) => {
    if (request.operation === 'deleteMe') {
      const { password } = request.body as { password: string };
      if (password !== 'right one') return { status: 400, data: { password: ['The password is not correct.'] } };
      return { status: 204, data: null };
    }
    return { status: 200, data: { results: [], next_cursor: null } };
  });
  renderRoutes(
    [
      { path: '/settings', element: <SettingsRoute /> },
      { path: '/home', element: <p>Home page</p> },
    ],
    { at: '/settings', queryClient },
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Delete account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
  const confirm = within(dialog).getByLabelText(`Type your username, ${me.username}, to confirm`);
  await user.type(confirm, 'someone-else');
  await user.type(within(dialog).getByLabelText('Your password'), 'wrong');
  await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
  expect(await within(dialog).findByText('Type your username exactly to confirm.')).toBeInTheDocument();
  expect(requests.some((r) => r.operation === 'deleteMe')).toBe(false);

  await user.clear(confirm);
  await user.type(confirm, me.username);
  await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
  expect(await within(dialog).findByText('The password is not correct.')).toBeInTheDocument();
  expect(localStorage.getItem('access')).toBe('token');

  await user.clear(within(dialog).getByLabelText('Your password'));
  await user.type(within(dialog).getByLabelText('Your password'), 'right one');
  await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
  expect(await screen.findByText('Home page')).toBeInTheDocument();
  expect(await screen.findByText('Your account is deleted. Goodbye from the paddock.')).toBeInTheDocument();
  expect(localStorage.getItem('access')).toBeNull();
  expect(localStorage.getItem('refresh')).toBeNull();
  expect(requests.filter((r) => r.operation === 'deleteMe').at(-1)?.body).toEqual({ password: 'right one' });
});
