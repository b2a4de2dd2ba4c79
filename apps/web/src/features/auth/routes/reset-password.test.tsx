import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@/test/http.ts';
import { renderRoutes } from '@/test/render.tsx';
import { ResetPasswordRoute } from './reset-password.tsx';

function renderReset() {
  return renderRoutes(
    [
      { path: '/reset-password/:uid/:token', element: <ResetPasswordRoute /> },
      { path: '/login', element: <p>Login page</p> },
    ],
    { at: '/reset-password/MQ/abc-123' },
  );
}

async function choose(password: string, confirm: string) {
  await userEvent.type(screen.getByLabelText('New password'), password);
  await userEvent.type(screen.getByLabelText('Confirm new password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('reset password page', () => {
  it('explains a too short password and a mismatch together without calling the server', async () => {
    const requests = stubApi(() => ({ status: 500 }));
    renderReset();

    await choose('short', 'other');

    await waitFor(() =>
      expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
        expect.stringContaining('This password is too short. It must contain at least 8 characters.'),
      ),
    );
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription(
      'The two passwords do not match.',
    );
    expect(requests).toHaveLength(0);
  });

  it('sends the link’s uid and token with the new password, then goes to sign in', async () => {
    const requests = stubApi(() => ({ status: 200, data: { detail: 'Password reset.' } }));
    renderReset();

    await choose('lights out 2026', 'lights out 2026');

    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(requests[0]?.body).toEqual({ uid: 'MQ', token: 'abc-123', password: 'lights out 2026' });
  });

  it("shows the server's answer to a used link at the top", async () => {
    stubApi(() => ({ status: 400, data: { detail: 'This password reset link is invalid or has expired.' } }));
    renderReset();

    await choose('lights out 2026', 'lights out 2026');

    expect(await screen.findByRole('alert')).toHaveTextContent('This password reset link is invalid or has expired.');
  });
});
