import { act, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, useRoutes, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render.tsx';
import { lazyComponent } from '@/lib/lazy.ts';
import { preloadRoutes, RootRoute } from './router.tsx';

type PageModule = { Page: () => React.ReactElement };

describe('the route table', () => {
  it('shows the error page in place of a page that fails, and pages again once the reader moves on', async () => {
    // The failure is React's to report; the test keeps its console quiet.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let broken = true;
    function SometimesBroken() {
      if (broken) throw new Error('the page broke');
      return <p>Back again</p>;
    }
    const { router } = renderRoutes(
      [{ path: '/', Component: RootRoute, children: [{ path: '*', Component: SometimesBroken }] }],
      { at: '/page' },
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This page could not be shown. Reloading usually helps.');
    broken = false;
    await router.navigate('/other');
    expect(await screen.findByText('Back again')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    quiet.mockRestore();
  });

  it('draws a page whose code was loaded ahead in one render, as the server does before the browser hydrates it', async () => {
    const routes: RouteObject[] = [
      {
        path: '/early',
        Component: lazyComponent(async (): Promise<PageModule> => ({ Page: () => <p>Loaded ahead</p> }), 'Page'),
      },
    ];
    await preloadRoutes([{ route: routes[0]! }]);
    function Routes() {
      return useRoutes(routes);
    }
    // A render that waited for nothing: what a page not loaded ahead would suspend on is not drawn at all.
    expect(
      renderToString(
        <MemoryRouter initialEntries={['/early']}>
          <Routes />
        </MemoryRouter>,
      ),
    ).toBe('<p>Loaded ahead</p>');
  });

  it('keeps the page shown while the code of the page a link leads to is loading, then draws it', async () => {
    let arrive: (module: PageModule) => void = () => undefined;
    const late = new Promise<PageModule>((resolve) => (arrive = resolve));
    const { router } = renderRoutes(
      [
        { path: '/here', element: <p>The page shown</p> },
        { path: '/there', Component: lazyComponent(() => late, 'Page') },
      ],
      { at: '/here' },
    );
    await router.navigate('/there');
    expect(screen.getByText('The page shown')).toBeInTheDocument();
    await act(async () => arrive({ Page: () => <p>The page followed</p> }));
    expect(await screen.findByText('The page followed')).toBeInTheDocument();
    expect(screen.queryByText('The page shown')).not.toBeInTheDocument();
  });
});
