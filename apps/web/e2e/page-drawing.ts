import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';

/*
 * What a page draws, compared between the page hydrated from the server's HTML and the same page drawn by the
 * browser alone (decision 037): Preact reports no hydration mismatch, it keeps the server's elements where they
 * differ from what the browser would draw (an attribute, a text), so the two must be the same page.
 */

/**
 * A browser in a time zone, locale and colour scheme other than the server's, without animations; with its
 * clock stopped at `clock` when given (the page's countdowns and "3h ago" do not move while it is read).
 */
export async function contextElsewhere(browser: Browser, clock?: Date): Promise<BrowserContext> {
  const context = await browser.newContext({
    timezoneId: 'Pacific/Auckland',
    locale: 'de-DE',
    colorScheme: 'dark',
    reducedMotion: 'reduce',
  });
  if (clock) await context.clock.setFixedTime(clock);
  return context;
}

/** Page errors and console errors from now on. */
export function pageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  return problems;
}

/** The document's HTML without the server's drawing of the page and its data: the browser draws it alone. */
function withoutServerDrawing(html: string): string {
  const open = html.indexOf('<div id="root">');
  const state = html.indexOf('<script type="application/json" id="query-state"');
  if (open < 0 || state < 0) return html;
  const stateEnd = html.indexOf('</script>', state) + '</script>'.length;
  return `${html.slice(0, open)}<div id="root"></div>${html.slice(stateEnd)}`;
}

/** Once the app has taken the page over and nothing on it is loading. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[role=status][aria-label^="Loading"], [aria-busy=true]')).toHaveCount(0);
}

/**
 * The page's elements as lines: each element's tag, attributes (sorted; ids renamed by order of appearance, and
 * the attributes naming them too), its own text, and a field's value. A select's options' `selected` attributes
 * are left out (the server marks the option chosen, the browser sets the select's value), and so is the
 * `animation-duration: 0s` Radix writes on an element it shows without animating (reduced motion).
 */
function drawing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // A field's value is compared as the field holds it, not as an attribute (the server writes it, the browser
    // sets it); and a boolean attribute by its presence (the server writes `autofocus=""`, the browser "true").
    const FIELDS = new Set(['INPUT', 'TEXTAREA', 'OPTION']);
    const BOOLEAN = new Set(['autofocus', 'checked', 'disabled', 'hidden', 'multiple', 'open', 'readonly', 'required']);
    const ids = new Map<string, string>();
    const idOf = (id: string) => {
      if (!ids.has(id)) ids.set(id, `id${ids.size + 1}`);
      return ids.get(id)!;
    };
    const elements = [...document.body.querySelectorAll('*')].filter(
      // recharts' span that measures a label's text, holding the last one measured.
      (element) =>
        !['SCRIPT', 'STYLE', 'TEMPLATE'].includes(element.tagName) && element.id !== 'recharts_measurement_span',
    );
    for (const element of elements) if (element.id) idOf(element.id);
    const renamed = (value: string) =>
      value
        .split(' ')
        .map((token) =>
          ids.has(token)
            ? ids.get(token)!
            : token.startsWith('#') && ids.has(token.slice(1))
              ? `#${ids.get(token.slice(1))}`
              : token,
        )
        .join(' ');
    // A style as the browser reads it (the server writes `a:b;`, the browser `a: b;`).
    const style = (element: Element) => {
      const declared = (element as HTMLElement).style;
      return [...declared]
        .map((name) => `${name}: ${declared.getPropertyValue(name)}`)
        .filter((declaration) => declaration !== 'animation-duration: 0s')
        .join('; ');
    };
    return elements.map((element) => {
      const attributes = [...element.attributes]
        .filter((a) => !(a.name === 'value' && FIELDS.has(element.tagName)))
        .filter((a) => !(element.tagName === 'OPTION' && a.name === 'selected'))
        .map((a) => {
          const value = BOOLEAN.has(a.name) ? '' : a.name === 'style' ? style(element) : renamed(a.value);
          return `${a.name}="${value}"`;
        })
        .filter((a) => a !== 'style=""')
        .sort();
      const text = [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent?.trim())
        .filter(Boolean)
        .join(' ');
      const field =
        element instanceof HTMLInputElement ||
        element instanceof HTMLTextAreaElement ||
        element instanceof HTMLSelectElement
          ? ` value=${JSON.stringify(element.value)}`
          : '';
      return `<${element.tagName.toLowerCase()} ${attributes.join(' ')}>${text}${field}`;
    });
  });
}

/**
 * The page's title and drawing once it stays the same for 300 ms (a chart lays itself out once it has measured
 * its box, a few frames after its data came), at most 5 s.
 */
async function steadyDrawing(page: Page): Promise<string[]> {
  let last: string[] = [];
  for (let read = 0; read < 16; read++) {
    const lines = [await page.title(), ...(await drawing(page))];
    if (lines.join('\n') === last.join('\n')) return lines;
    last = lines;
    await page.waitForTimeout(300);
  }
  return last;
}

/**
 * The server's elements that hydrating drew anew (gone from the page once it has settled), each named by its
 * outermost: Preact keeps an element it hydrates, and one drawn anew is a flash and work done twice. A
 * placeholder replaced by what it held the place of (a chart's skeleton) is not counted.
 */
function drawnAnew(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const served = (window as unknown as { served?: Element[] }).served ?? [];
    const placeholder = (element: Element) =>
      element.matches('[data-slot=skeleton]') || element.querySelector('[data-slot=skeleton]') !== null;
    const gone = served.filter((element) => !element.isConnected && !placeholder(element));
    return gone
      .filter((element) => !gone.includes(element.parentElement!))
      .map((element) => `drawn anew: ${element.outerHTML.slice(0, 200)}`);
  });
}

/**
 * Opens `url` hydrated from the server's HTML, and again drawn by the browser alone, each in a fresh context,
 * and expects the same elements, attributes and text, no element of the server's drawn anew, and no page or
 * console error in either.
 */
export async function expectHydratedAsDrawn(browser: Browser, url: string): Promise<void> {
  const read = async (clock: Date, alone: boolean) => {
    const context = await contextElsewhere(browser, clock);
    const page = await context.newPage();
    const problems = pageProblems(page);
    if (!alone) {
      // The server's elements, as the document has them before the app runs.
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          (window as unknown as { served: Element[] }).served = [...document.querySelectorAll('#root *')];
        });
      });
    }
    if (alone) {
      await page.route(
        (address) => address.pathname === new URL(url, 'http://x').pathname,
        async (route) => {
          if (route.request().resourceType() !== 'document') return route.continue();
          const response = await route.fetch();
          await route.fulfill({ response, body: withoutServerDrawing(await response.text()) });
        },
      );
    }
    await page.goto(url);
    await settled(page);
    const lines = await steadyDrawing(page);
    if (!alone) lines.push(...(await drawnAnew(page)));
    await context.close();
    expect(problems, `${url}${alone ? ' drawn by the browser alone' : ''}`).toEqual([]);
    return lines;
  };
  // Both read at once, at one time of the browser's: what the server's clock decides (a countdown's minute) is
  // the same in both unless a minute turned between their requests, when they are read again.
  let difference = '';
  for (let attempt = 0; attempt < 2; attempt++) {
    const clock = new Date();
    const [hydrated, alone] = await Promise.all([read(clock, false), read(clock, true)]);
    const first = hydrated.findIndex((line, i) => line !== alone[i]);
    const around = (lines: string[]) => lines.slice(Math.max(0, first - 2), first + 3).join('\n');
    difference =
      first === -1 && hydrated.length === alone.length
        ? ''
        : `hydrated:\n${around(hydrated)}\n\ndrawn alone:\n${around(alone)}`;
    if (difference === '') return;
  }
  expect(difference, `${url}: the hydrated page and the page drawn by the browser alone`).toBe('');
}
