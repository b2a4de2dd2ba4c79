/*
 * A page rendered on the server shows before the app has taken it over, and the server's loader holds
 * the taps, submits and shortcuts (ctrl/⌘+K, ctrl/⌘+B) made meanwhile (apps/server/src/lib/web-pages.ts;
 * both name the controls by the contract's HELD_CONTROLS). Once the page is hydrated they are replayed,
 * in order, on the same elements (hydration keeps the server's DOM; a control drawn anew is found again
 * by what it is): a tap as the pointer, mouse and click events a real one makes (Radix's tabs answer
 * mousedown, its menus pointerdown), a submit as requestSubmit, so the form's own handler runs, a
 * shortcut as the same key pressed again, a native select's choice as that choice made again.
 */

import { HELD_CONTROLS } from '@paddock/contract/early-taps';
import { whenIdle } from './idle.ts';
import { queryClient } from './query-client.ts';

interface HeldEvent {
  type: string;
  target: Element;
  /** A held shortcut's key and modifiers. */
  key?: KeyboardEventInit;
  /** A held select's choice. */
  value?: string;
}

declare global {
  interface Window {
    __paddockEarly?: { held: HeldEvent[]; stop: () => void };
  }
}

function tap(target: Element): void {
  const init = { bubbles: true, cancelable: true, composed: true, button: 0, view: window };
  const pointer = { ...init, pointerType: 'mouse', isPrimary: true };
  target.dispatchEvent(new PointerEvent('pointerdown', pointer));
  target.dispatchEvent(new MouseEvent('mousedown', init));
  target.dispatchEvent(new PointerEvent('pointerup', pointer));
  target.dispatchEvent(new MouseEvent('mouseup', init));
  if (target instanceof HTMLElement) target.click();
}

/**
 * After hydration: stop holding, and replay what was held once the reader's page has settled (their
 * session shown, their queries fetched again), so a tap reaches the reader's page, not the guest's it
 * was drawn as. The document is then marked as taken over (`data-hydrated`).
 */
export function replayEarlyEvents(): void {
  const early = window.__paddockEarly;
  delete window.__paddockEarly;
  early?.stop();
  // A select the reader changes from now on, the app hears of: what they chose before it is not made again.
  const choseAgain = new WeakSet<EventTarget>();
  const noteChoice = (event: Event) => event.target && choseAgain.add(event.target);
  document.addEventListener('change', noteChoice, true);
  void (async () => {
    // A signed-in reader's queries are fetched again after hydration: the taps go to the page they make.
    await settled(() => queryClient.isFetching() === 0);
    document.removeEventListener('change', noteChoice, true);
    for (const event of early?.held ?? []) {
      if (event.type !== 'change' || !choseAgain.has(event.target)) await replay(event);
    }
    document.documentElement.dataset.hydrated = '';
  })();
}

const SETTLE_WAIT_MS = 10_000;

/** Resolves once `done()` holds (checked every 50 ms), or after SETTLE_WAIT_MS in any case. */
async function settled(done: () => boolean): Promise<void> {
  const deadline = performance.now() + SETTLE_WAIT_MS;
  while (!done() && performance.now() < deadline) {
    await new Promise((resolve) => window.setTimeout(resolve, 50));
  }
}

/**
 * The key of the map Preact keeps of an element's event handlers on the element (`_listeners` in its source,
 * renamed in its build): written as it hydrates or draws the element.
 */
const PREACT_HANDLERS = '__e';

/** Whether the app answers an element: Preact has given it or its form handlers. */
function hasHandlers(element: Element | null): boolean {
  return element !== null && PREACT_HANDLERS in element;
}

/**
 * Whether the app has taken an element over. A part of the page hydrated after the rest (its code loaded lazily,
 * or its turn to come: components/hydrate-later.tsx) keeps the server's elements, unanswered, until then.
 */
export function isHydrated(element: Element): boolean {
  return hasHandlers(element) || hasHandlers(element.closest('form'));
}

/** The element once the app answers it, or null if it is gone or is not answered within SETTLE_WAIT_MS. */
async function whenHydrated(held: Element): Promise<Element | null> {
  let target = current(held);
  await settled(() => {
    target = current(held);
    return target === null || isHydrated(target);
  });
  if (!target || !isHydrated(target)) return null;
  // Preact gives an element its handlers as it hydrates the element's part, before that part's effects have
  // run: a router hook's navigate() answers only after. They run before the browser's first idle moment.
  await idle();
  return current(held);
}

/** The browser's next idle moment (at most a second away). */
function idle(): Promise<void> {
  return new Promise((resolve) => whenIdle(resolve));
}

/** What makes a control the same control when it is drawn again: its kind, role, name and text. */
function signature(element: Element): string {
  return [
    element.tagName,
    element.getAttribute('role'),
    element.getAttribute('aria-label'),
    element.textContent?.trim(),
  ].join('\u0000');
}

/**
 * The held element, or, when the render after hydration drew it anew (the reader's page in place of
 * the guest's), the one control now in the page that is the same (kind, role, name, text). When none or
 * several match, the tap is dropped rather than guessed.
 */
function current(target: Element): Element | null {
  if (target.isConnected) return target;
  const wanted = signature(target);
  const selector =
    target.tagName === 'FORM' || target.tagName === 'SELECT' ? target.tagName.toLowerCase() : HELD_CONTROLS;
  const same = [...document.querySelectorAll(selector)].filter((element) => signature(element) === wanted);
  return same.length === 1 ? same[0]! : null;
}

/**
 * A native select's choice made before hydration (the page's loader keeps its change from the app, part-way
 * through hydrating, and holds the value chosen: the app draws the select again after, with the server's choice),
 * made again: the select shows it, and the app hears of it as the change the reader made. Unless it is the choice
 * the page was drawn with (the option the server marked `selected`), which the app already draws.
 */
function choose(select: HTMLSelectElement, value: string): void {
  if (select.querySelector<HTMLOptionElement>('option[selected]')?.value === value) return;
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

async function replay({ type, target: held, key, value }: HeldEvent): Promise<void> {
  if (type === 'keydown') {
    // The app's shortcuts listen on the window, which the page has had from the start.
    document.dispatchEvent(new KeyboardEvent('keydown', { ...key, bubbles: true, cancelable: true }));
    return;
  }
  const target = await whenHydrated(held);
  if (!target) return;
  if (type === 'submit' && target instanceof HTMLFormElement) target.requestSubmit();
  else if (type === 'change' && target instanceof HTMLSelectElement && value !== undefined) choose(target, value);
  else if (type === 'click') tap(target);
}
