import { act, render, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { setTheme } from '@/lib/theme.ts';
import { contrastRatio } from '@/test/contrast.ts';
import { Toaster } from './sonner.tsx';

/** sonner's own rich-colour backgrounds (its stylesheet), which the toaster leaves as they are. */
const backgrounds = {
  light: {
    info: 'hsl(208, 100%, 97%)',
    success: 'hsl(143, 85%, 96%)',
    warning: 'hsl(49, 100%, 97%)',
    error: 'hsl(359, 100%, 97%)',
  },
  dark: {
    info: 'hsl(215, 100%, 6%)',
    success: 'hsl(150, 100%, 6%)',
    warning: 'hsl(64, 100%, 6%)',
    error: 'hsl(358, 76%, 10%)',
  },
};
/** sonner's own dark rich-colour texts. */
const darkTexts = {
  info: 'hsl(216, 87%, 65%)',
  success: 'hsl(150, 86%, 65%)',
  warning: 'hsl(46, 87%, 65%)',
  error: 'hsl(358, 100%, 81%)',
};

async function renderToaster(): Promise<HTMLElement> {
  render(<Toaster />);
  act(() => {
    toast.info('Please log in to like comments');
  });
  return waitFor(() => {
    const toaster = document.querySelector<HTMLElement>('[data-sonner-toaster]');
    if (!toaster) throw new Error('no toaster on the page yet');
    return toaster;
  });
}

afterEach(() => {
  act(() => {
    toast.dismiss();
    setTheme('light');
  });
});

describe('toaster', () => {
  it.each(Object.entries(backgrounds.light))(
    'gives the light %s toast a text colour of at least 4.5:1 on its background',
    async (type, background) => {
      setTheme('light');
      const toaster = await renderToaster();

      expect(toaster).toHaveAttribute('data-sonner-theme', 'light');
      const text = toaster.style.getPropertyValue(`--${type}-text`);
      expect(text).not.toBe('');
      expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each(Object.entries(backgrounds.dark))('keeps sonner’s dark %s colours, which pass', async (type, background) => {
    setTheme('dark');
    const toaster = await renderToaster();

    expect(toaster).toHaveAttribute('data-sonner-theme', 'dark');
    expect(toaster.style.getPropertyValue(`--${type}-text`)).toBe('');
    expect(contrastRatio(darkTexts[type as keyof typeof darkTexts], background)).toBeGreaterThanOrEqual(4.5);
  });

  it('writes no React-only prop as an attribute of its section', async () => {
    const toaster = await renderToaster();
    const section = toaster.closest('section');
    expect(section).toHaveAccessibleName('Notifications alt+T');
    expect(section?.getAttributeNames()).not.toContain('suppresshydrationwarning');
  });
});
