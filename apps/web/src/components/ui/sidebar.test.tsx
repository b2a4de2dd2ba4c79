import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Sidebar, SidebarProvider, SidebarTrigger } from './sidebar.tsx';
import { TooltipProvider } from './tooltip.tsx';

declare global {
  interface Window {
    /** happy-dom's test controls. */
    happyDOM: { setViewport(viewport: { width: number; height: number }): void };
  }
}

function renderSidebar() {
  return render(
    <TooltipProvider>
      <SidebarProvider>
        <Sidebar>
          <a href="/home">Home link</a>
        </Sidebar>
        <SidebarTrigger />
      </SidebarProvider>
    </TooltipProvider>,
  );
}

function sidebarState(container: HTMLElement): string | null {
  return container.querySelector('[data-slot="sidebar"]')?.getAttribute('data-state') ?? null;
}

function setViewportWidth(width: number) {
  act(() => {
    window.happyDOM.setViewport({ width, height: 800 });
  });
}

afterEach(() => {
  setViewportWidth(1024);
  vi.restoreAllMocks();
});

describe('sidebar', () => {
  it('starts expanded and remembers a collapse in the sidebar_state cookie for 7 days', async () => {
    const cookieWrites = vi.spyOn(document, 'cookie', 'set');
    const { container } = renderSidebar();
    expect(sidebarState(container)).toBe('expanded');

    await userEvent.click(screen.getByRole('button', { name: 'Toggle sidebar' }));

    expect(sidebarState(container)).toBe('collapsed');
    expect(cookieWrites).toHaveBeenLastCalledWith(
      expect.stringMatching(/^sidebar_state=false; path=\/; max-age=604800/),
    );
    expect(document.cookie).toContain('sidebar_state=false');
  });

  it('restores the collapsed state from the cookie', () => {
    document.cookie = 'sidebar_state=false; path=/';

    const { container } = renderSidebar();

    expect(sidebarState(container)).toBe('collapsed');
  });

  it('toggles with ctrl+b and meta+b', async () => {
    const { container } = renderSidebar();

    await userEvent.keyboard('{Control>}b{/Control}');
    expect(sidebarState(container)).toBe('collapsed');
    expect(document.cookie).toContain('sidebar_state=false');

    await userEvent.keyboard('{Meta>}b{/Meta}');
    expect(sidebarState(container)).toBe('expanded');
    expect(document.cookie).toContain('sidebar_state=true');
  });

  it('ignores b without a modifier', async () => {
    const { container } = renderSidebar();

    await userEvent.keyboard('b');

    expect(sidebarState(container)).toBe('expanded');
  });

  it('is a navigation landmark, on a wide screen and in the phone sheet', async () => {
    renderSidebar();
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Home link' }),
    ).toBeVisible();

    setViewportWidth(390);
    await userEvent.click(screen.getByRole('button', { name: 'Toggle sidebar' }));

    const sheet = await screen.findByRole('dialog', { name: 'Navigation' });
    expect(within(sheet).getByRole('navigation', { name: 'Main' })).toContainElement(
      within(sheet).getByRole('link', { name: 'Home link' }),
    );
  });

  it('gives focus back to the trigger when the phone sheet closes', async () => {
    setViewportWidth(390);
    renderSidebar();
    const trigger = screen.getByRole('button', { name: 'Toggle sidebar' });

    await userEvent.click(trigger);
    expect(await screen.findByRole('dialog', { name: 'Navigation' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('gives focus to the trigger when the sheet opened with ctrl+b closes and nothing had focus', async () => {
    setViewportWidth(390);
    renderSidebar();

    await userEvent.keyboard('{Control>}b{/Control}');
    const sheet = await screen.findByRole('dialog', { name: 'Navigation' });
    await userEvent.click(within(sheet).getByRole('button', { name: 'Close' }));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Toggle sidebar' })).toHaveFocus());
  });

  it('opens a sheet on small screens without touching the desktop state', async () => {
    setViewportWidth(390);
    renderSidebar();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.keyboard('{Control>}b{/Control}');

    expect(await screen.findByRole('dialog', { name: 'Navigation' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home link' })).toBeInTheDocument();
    expect(document.cookie).not.toContain('sidebar_state');
  });
});
