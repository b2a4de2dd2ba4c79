import { describe, expect, it, vi } from 'vitest';
import { lazyComponent, whenLazyCodeLoaded } from './lazy.ts';

type PageModule = { Page: () => null };

describe('code loaded on first use', () => {
  it('counts a page on its way among the code the browser values wait for', async () => {
    let arrive: ((module: PageModule) => void) | undefined;
    const Page = lazyComponent(() => new Promise<PageModule>((resolve) => (arrive = resolve)), 'Page');
    void Page.preload();
    let loaded = false;
    void whenLazyCodeLoaded().then(() => (loaded = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loaded).toBe(false);

    arrive?.({ Page: () => null });
    await vi.waitFor(() => expect(loaded).toBe(true));
  });
});
