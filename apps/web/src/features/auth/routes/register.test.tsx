import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@/test/http.ts';
import { renderRoutes } from '@/test/render.tsx';
import { RegisterRoute } from './register.tsx';

function renderRegister() {
  return renderRoutes(
    [
      { path: '/register', element: <RegisterRoute /> },
      { path: '/home', element: <p>Home page</p> },
    ],
    { at: '/register' },
  );
}

async function fill(values: { username: string; email: string; password: string; name?: string }) {
  await userEvent.type(screen.getByLabelText('Username'), values.username);
  await userEvent.type(screen.getByLabelText('Email'), values.email);
  if (values.name) await userEvent.type(screen.getByLabelText('Name (optional)'), values.name);
  await userEvent.type(screen.getByLabelText('Password'), values.password);
  await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('register page', () => {
  it('checks the contract rules before calling the server', async () => {
    const requests = stubApi(() => ({ status: 500 }));
    renderRegister();

    await fill({ username: 'ab', email: 'not-an-email', password: '12345678' });

    // The form's schema loads on first use: its messages come once it has.
    expect(await screen.findByText('Username must be at least 3 characters.')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('This password is entirely numeric.')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('refuses invisible characters in the name before calling the server', async () => {
    const requests = stubApi(() => ({ status: 500 }));
    renderRegister();

    await fill({ username: 'max_v', email: 'max@example.com', name: 'Max\u2066 V', password: 'box box box box' });

    await waitFor(() =>
      expect(screen.getByLabelText('Name (optional)')).toHaveAccessibleDescription(
        'Invisible formatting characters are not allowed.',
      ),
    );
    expect(requests).toHaveLength(0);
  });

  it("shows the server's refusal of a name that is another member's @username under the name", async () => {
    stubApi(() => ({ status: 400, data: { name: ["A name cannot be another member's @username."] } }));
    renderRegister();

    await fill({ username: 'max_v', email: 'max@example.com', name: '@lando', password: 'box box box box' });

    expect(await screen.findByText("A name cannot be another member's @username.")).toBeInTheDocument();
    expect(screen.getByLabelText('Name (optional)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows each server field error under its field and the rest at the top', async () => {
    stubApi(() => ({
      status: 400,
      data: {
        username: ['A user with that username already exists.'],
        password: ['This password is too common.'],
        non_field_errors: ['Registration is paused.'],
      },
    }));
    renderRegister();

    await fill({ username: 'max_v', email: 'max@example.com', password: 'password123' });

    expect(await screen.findByRole('alert')).toHaveTextContent('Registration is paused.');
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(
      expect.stringContaining('A user with that username already exists.'),
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringContaining('This password is too common.'),
    );
  });

  it('signs the new account in and goes home', async () => {
    const requests = stubApi(() => ({
      status: 201,
      data: {
        access: 'a',
        refresh: 'r',
        user: {
          id: 3,
          username: 'max_v',
          email: 'max@example.com',
          name: 'Max',
          bio: '',
          profile_picture: null,
          is_private: false,
          created_at: '2026-03-01T00:00:00Z',
          total_reviews: 0,
          following_count: 0,
          followers_count: 0,
        },
      },
    }));
    renderRegister();

    await fill({ username: 'max_v', email: 'max@example.com', password: 'lights out 2026', name: 'Max' });

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(requests[0]?.body).toEqual({
      username: 'max_v',
      email: 'max@example.com',
      password: 'lights out 2026',
      name: 'Max',
    });
    expect(localStorage.getItem('access')).toBe('a');
    expect(localStorage.getItem('refresh')).toBe('r');
  });
});
