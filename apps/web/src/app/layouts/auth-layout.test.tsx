import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test/render.tsx';
import { AuthLayout } from './auth-layout.tsx';

describe('auth layout', () => {
  it('puts the logo in a banner and the form in the main landmark', () => {
    renderRoutes([{ Component: AuthLayout, children: [{ path: '/login', element: <p>Sign-in form</p> }] }], {
      at: '/login',
    });

    expect(within(screen.getByRole('banner')).getByRole('link', { name: /Paddock/ })).toHaveAttribute('href', '/home');
    expect(within(screen.getByRole('main')).getByText('Sign-in form')).toBeInTheDocument();
  });
});
