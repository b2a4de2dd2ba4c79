import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { options } from 'preact';
import { afterAll, afterEach, vi } from 'vitest';
import { forgetDateFormats } from '@/lib/time.ts';

// Lazily loaded chunks (forms, dialogs) are transformed on their first import in a test run, which on a
// busy machine takes over the default second. The waits still end as soon as the element appears.
configure({ asyncUtilTimeout: 5000 });

// Preact runs a render's effects after the next frame (requestAnimationFrame, or 35 ms), which a test's fake
// timers would hold back: here, once the render has finished, as a browser does between frames.
options.requestAnimationFrame = (flush) => queueMicrotask(flush);

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  });
});

// The files of a worker share their modules and window (`isolate: false` in the project's config): each
// file leaves the next one the process and document as it found them, whatever it stubbed, whichever zone
// it read in, and whatever a library left in the document (recharts' measuring span, React's hoisted tags).
const timeZone = process.env.TZ;
afterAll(() => {
  document.head.replaceChildren();
  document.body.replaceChildren();
  for (const name of document.documentElement.getAttributeNames()) document.documentElement.removeAttribute(name);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  if (timeZone === undefined) delete process.env.TZ;
  else process.env.TZ = timeZone;
  forgetDateFormats();
});
