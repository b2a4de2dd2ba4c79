import type { ModerationAction, StaffReport } from '@paddock/contract/moderation';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, expect, it } from 'vitest';
import { stubApi } from '@/test/http.ts';
import { renderRoutes, testQueryClient } from '@/test/render.tsx';
import { lena, marco, meFixture } from '@/test/review-fixtures.ts';
import { ModerationRoute } from './moderation.tsx';

afterEach(() => {
  toast.dismiss();
});

const openReport = (): StaffReport => ({
  id: 31,
  target_type: 'review',
  target_id: 12,
  reason: 'spam',
  details: 'Links to a betting site',
  status: 'open',
  created_at: new Date(Date.now() - 3_600_000).toISOString(),
  reporter: marco,
  resolution: null,
  resolved_at: null,
  resolved_by: null,
  target: {
    author: lena,
    text: 'Best odds at example.bet',
    rating: 5,
    race_id: 1117,
    race_name: '2024 Italian Grand Prix',
    review_id: 12,
    thought_id: null,
    is_hidden: false,
  },
});

function renderModeration(staff: boolean) {
  localStorage.setItem('access', 'token');
  const queryClient = testQueryClient();
  queryClient.setQueryData(['auth', 'me'], meFixture({ is_staff: staff }));
  let open = [openReport()];
  const log: ModerationAction[] = [];
  const requests = stubApi((request) => {
    if (request.operation === 'listReports') {
      const status = (request.query as { status: string }).status;
      return { status: 200, data: { results: status === 'open' ? open : [], next_cursor: null } };
    }
    if (request.operation === 'resolveReport') {
      const body = request.body as { action: 'hide' | 'dismiss'; note?: string };
      open = [];
      log.push({
        id: 1,
        staff_username: 'checo',
        action: body.action,
        report_id: 31,
        target_type: 'review',
        target_id: 12,
        note: body.note ?? '',
        created_at: new Date().toISOString(),
      });
      return { status: 200, data: { ...openReport(), status: 'resolved', resolution: body.action } };
    }
    if (request.operation === 'listModerationActions')
      return { status: 200, data: { results: log, next_cursor: null } };
    return { status: 404, data: { detail: 'Not found.' } };
  });
  renderRoutes([{ path: '/moderation', element: <ModerationRoute /> }], { at: '/moderation', queryClient });
  return requests;
}

it('shows staff each report with its content in context, hides it with a note, and logs the action', async () => {
  const requests = renderModeration(true);
  const user = userEvent.setup();
  const card = await screen.findByRole('article', { name: 'Review reported for spam' });
  expect(within(card).getByText('Best odds at example.bet')).toBeInTheDocument();
  expect(within(card).getByText('Links to a betting site')).toBeInTheDocument();
  expect(within(card).getByRole('link', { name: 'Review of 2024 Italian Grand Prix' })).toHaveAttribute(
    'href',
    '/review/12',
  );
  await user.type(within(card).getByLabelText('Note for the log (optional)'), 'Advertising');
  await user.click(within(card).getByRole('button', { name: 'Hide' }));
  expect(await screen.findByText('Hidden. Every report about it is resolved.')).toBeInTheDocument();
  expect(requests.find((r) => r.operation === 'resolveReport')).toMatchObject({
    params: { id: '31' },
    body: { action: 'hide', note: 'Advertising' },
  });
  expect(await screen.findByText('No open reports. All clear.')).toBeInTheDocument();

  await user.click(screen.getByRole('tab', { name: 'Audit log' }));
  expect(await screen.findByText('“Advertising”')).toBeInTheDocument();
});

it('tells a member who is not staff that the page is for moderators, and asks for no report', async () => {
  const requests = renderModeration(false);
  expect(await screen.findByText('This page is for moderators.')).toBeInTheDocument();
  expect(requests.some((r) => r.operation === 'listReports')).toBe(false);
});
