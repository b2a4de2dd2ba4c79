import { useCallback, useRef } from 'react';

function isFocusTarget(element: HTMLElement | null | undefined): element is HTMLElement {
  if (!element?.isConnected) return false;
  // An element hidden at this screen size (the desktop sidebar's search box on a phone) cannot take focus.
  return typeof element.checkVisibility === 'function' ? element.checkVisibility() : true;
}

/**
 * Focus return for a Radix dialog opened from state (a keyboard shortcut, a button in another part of
 * the page) rather than from its own Trigger, which is the only element Radix gives focus back to.
 *
 * Call `remember()` as the dialog opens, then pass `onCloseAutoFocus` to its content: on closing, focus
 * goes back to the element that had it, or to `fallback()` when that element is gone (it was inside
 * another overlay that has closed since) or nothing had focus (a shortcut pressed on the page itself).
 * Focus that has already moved on by then (into another overlay, or to a new page's main content) stays.
 */
export function useReturnFocus(fallback: () => HTMLElement | null | undefined) {
  const opener = useRef<HTMLElement | null>(null);

  const remember = useCallback(() => {
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, []);

  const onCloseAutoFocus = useCallback(
    (event: Event) => {
      event.preventDefault();
      const remembered = opener.current;
      opener.current = null;
      const active = document.activeElement;
      if (active && active !== document.body) return;
      const target = isFocusTarget(remembered) ? remembered : fallback();
      if (isFocusTarget(target)) target.focus();
    },
    [fallback],
  );

  return { remember, onCloseAutoFocus };
}
