import { screen } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render.tsx';
import { PageMain } from './page-main.tsx';

function Layout() {
  return (
    <PageMain>
      <Outlet />
    </PageMain>
  );
}

afterEach(() => vi.restoreAllMocks());

it('opens a page followed from a link at its top, and leaves the window where it is for a tab, a place on the page or going back', async () => {
  const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  const { router } = renderRoutes(
    [
      {
        Component: Layout,
        children: [
          { path: '/race', element: <p>The race</p> },
          { path: '/driver', element: <p>The driver</p> },
        ],
      },
    ],
    { at: '/race' },
  );
  expect(screen.getByText('The race')).toBeInTheDocument();
  // The page the browser loaded: where the browser puts it.
  expect(scrollTo).not.toHaveBeenCalled();

  await router.navigate('/race?tab=qualifying');
  expect(scrollTo).not.toHaveBeenCalled();

  await router.navigate('/driver');
  expect(await screen.findByText('The driver')).toBeInTheDocument();
  expect(scrollTo).toHaveBeenCalledExactlyOnceWith(0, 0);

  await router.navigate(-1);
  expect(await screen.findByText('The race')).toBeInTheDocument();
  await router.navigate('/driver#career');
  expect(await screen.findByText('The driver')).toBeInTheDocument();
  expect(scrollTo).toHaveBeenCalledTimes(1);
});
