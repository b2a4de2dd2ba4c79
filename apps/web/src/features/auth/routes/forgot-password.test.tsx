import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@/test/http.ts';
import { renderRoutes } from '@/test/render.tsx';
import { ForgotPasswordRoute } from './forgot-password.tsx';

function renderForgot() {
  return renderRoutes([{ path: '/forgot-password', element: <ForgotPasswordRoute /> }], { at: '/forgot-password' });
}

describe('forgot password page', () => {
  it('checks the email before calling the server', async () => {
    const requests = stubApi(() => ({ status: 500 }));
    renderForgot();

    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid email address.'),
    );
    expect(requests).toHaveLength(0);
  });

  it("confirms with the server's message once the mail is on its way", async () => {
    const requests = stubApi(() => ({ status: 200, data: { detail: 'Check your inbox.' } }));
    renderForgot();

    await userEvent.type(screen.getByLabelText('Email'), 'kimi@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByText('Check your inbox.')).toBeInTheDocument();
    expect(requests[0]?.body).toEqual({ email: 'kimi@example.com' });
  });
});
