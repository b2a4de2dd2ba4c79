import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import { z } from 'zod';
import { HELD_CONTROLS } from '@paddock/contract/early-taps';
import { CLOCK_OFFSET_META } from '@paddock/contract/site-clock';
import { NONCE_PLACEHOLDER } from './nonce-document.ts';

const ENCODINGS: ('br' | 'gzip')[] = ['br', 'gzip'];

/** dist/.vite/route-preloads.json, written by the web build (apps/web/build/route-preloads.ts). */
const preloadsSchema = z.array(z.object({ pattern: z.string(), files: z.array(z.string()) }));

export interface WebPage {
  html: string;
  br: Buffer;
  gzip: Buffer;
  /**
   * The page as the shell of a page rendered on the server: theme-init inline (one request fewer before
   * the first paint), with the nonce placeholder the rendered page's answers fill in.
   */
  renderShell: string;
}

/** theme-init.js's <script src> in the built page, and the script's own text. */
type ThemeInit = { tag: string; text: string } | null;

const MODULE_SCRIPT = /<script type="module"(?: crossorigin)? src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload"(?: crossorigin)? href="([^"]+)">/g;

/**
 * Taps, submits and the app's shortcuts made on a rendered page before its code has taken it over are
 * kept, not lost: the page is shown before the app can answer. They are held (their default prevented,
 * so a form does not submit itself into the address bar) in `window.__paddockEarly`, which the app
 * replays once hydrated (apps/web/src/lib/early-events.ts, which finds a control drawn anew with the same
 * selector, HELD_CONTROLS). The shortcuts are the app's own: ctrl/⌘+K (search) and ctrl/⌘+B (the sidebar);
 * other keys keep the browser's meaning. Links are left alone: they work without the app. A native select's
 * change is held with the value chosen: heard part-way through hydrating, it reached a select React had drawn but
 * not committed (its handler's navigation went nowhere), and a select React draws again shows the server's choice.
 */
const EARLY_EVENTS =
  `(()=>{const held=[];const hold=(e)=>{const t=e.type==='submit'?e.target:e.target.closest?.(${JSON.stringify(HELD_CONTROLS)});` +
  `if(!t)return;e.preventDefault();e.stopPropagation();held.push({type:e.type,target:t})};` +
  `const key=(e)=>{if(!(e.ctrlKey||e.metaKey)||e.altKey||!/^[kb]$/i.test(e.key))return;e.preventDefault();` +
  `held.push({type:'keydown',target:document.documentElement,key:{key:e.key,code:e.code,ctrlKey:e.ctrlKey,metaKey:e.metaKey,shiftKey:e.shiftKey}})};` +
  `const choose=(e)=>{const t=e.target;if(!(t instanceof HTMLSelectElement))return;e.stopPropagation();held.push({type:'change',target:t,value:t.value})};` +
  `document.addEventListener('click',hold,true);document.addEventListener('submit',hold,true);document.addEventListener('keydown',key,true);document.addEventListener('change',choose,true);` +
  `window.__paddockEarly={held,stop:()=>{document.removeEventListener('click',hold,true);document.removeEventListener('submit',hold,true);document.removeEventListener('keydown',key,true);document.removeEventListener('change',choose,true)}}})();`;

/**
 * Modulepreloads the loader adds per task. Each costs a slow phone's main thread a few milliseconds (4–30 ms
 * at Lighthouse's 4× slowdown), so a page's 20–40 chunks added at once were one task of 80–150 ms, in which a
 * tap waits; a few per task keep every task short.
 */
const PRELOADS_PER_TASK = 4;

/**
 * A page rendered on the server reads without its scripts, so they are requested once it has painted,
 * not beside its stylesheet: the text shows as soon as the HTML and the CSS are in, without sharing a
 * phone's bandwidth with the app's code. The entry, then the route's chunks (as modulepreloads would have
 * been, PRELOADS_PER_TASK at a time), are requested after the first contentful paint (the page's first
 * text: a first frame can come before it, with the page's boxes only), after the first frame in a browser
 * that does not tell its paints, or after a second if no paint comes (a tab opened in the background).
 * Meanwhile taps are held for the app (EARLY_EVENTS).
 * `window.__paddockPreloads` settles once the last of them is added: the entry waits for it before it loads
 * the route's code, or Vite's preload helper, finding the links not there yet, would add the rest itself, all
 * in one task (26 links, about 45 ms at 4× on the race page), and the loader would then add them again.
 */
function scriptsAfterFirstPaint(html: string): string {
  const entry = MODULE_SCRIPT.exec(html)?.[1];
  if (!entry) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]);
  const loader =
    EARLY_EVENTS +
    `(()=>{let done=false,added;window.__paddockPreloads=new Promise((r)=>{added=r});const hrefs=${JSON.stringify(preloads)};` +
    `const preload=(from)=>{for(const href of hrefs.slice(from,from+${PRELOADS_PER_TASK})){const l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=href;document.head.append(l)}` +
    `if(hrefs.length>from+${PRELOADS_PER_TASK})setTimeout(()=>preload(from+${PRELOADS_PER_TASK}));else added()};` +
    `const load=()=>{if(done)return;done=true;` +
    `const s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entry)};document.head.append(s);preload(0)};` +
    `const painted=()=>setTimeout(load);` +
    `if(typeof PerformanceObserver!=='undefined'&&PerformanceObserver.supportedEntryTypes?.includes('paint'))` +
    `new PerformanceObserver((list,observer)=>{if(list.getEntriesByName('first-contentful-paint').length>0){observer.disconnect();painted()}}).observe({type:'paint',buffered:true});` +
    `else requestAnimationFrame(painted);setTimeout(load,1000)})()`;
  return html
    .replace(MODULE_PRELOAD, '')
    .replace(MODULE_SCRIPT, `<script nonce="${NONCE_PLACEHOLDER}">${loader}</script>`);
}

function page(html: string, themeInit: ThemeInit): WebPage {
  const renderShell = scriptsAfterFirstPaint(
    themeInit ? html.replace(themeInit.tag, `<script nonce="${NONCE_PLACEHOLDER}">${themeInit.text}</script>`) : html,
  );
  return {
    html,
    renderShell,
    br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    gzip: gzipSync(html, { level: 9 }),
  };
}

/**
 * The built app's page (index.html) for a URL path: with modulepreload links for the chunks of the
 * page's route, so the browser fetches them beside the entry script instead of discovering them after
 * it has run. Each route's page is built and compressed once, at start. A site whose clock is moved
 * (`clockOffsetMs`, CLOCK_START's distance from the real time) says so in every page's head, so the app
 * counts down and says "3h ago" by the site's time (@paddock/contract/site-clock); a real clock adds nothing.
 */
export function webPages(dist: string, clockOffsetMs = 0): (urlPath: string) => WebPage {
  const built = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const html = clockOffsetMs
    ? built.replace('<head>', `<head><meta name="${CLOCK_OFFSET_META}" content="${Math.round(clockOffsetMs)}">`)
    : built;
  const tag = /<script src="\/(assets\/theme-init-[\w-]+\.js)"><\/script>/.exec(html);
  const text = tag?.[1] && readFileSync(path.join(dist, tag[1]), 'utf8');
  const themeInit = tag && text && !text.includes('</') ? { tag: tag[0], text } : null;
  const plain = page(html, themeInit);
  const file = path.join(dist, '.vite', 'route-preloads.json');
  if (!existsSync(file)) return () => plain;
  const pages = preloadsSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).map(({ pattern, files }) => {
    const links = files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join('');
    return { pattern: new RegExp(pattern), page: page(html.replace('</head>', `${links}</head>`), themeInit) };
  });
  return (urlPath) => pages.find((p) => p.pattern.test(urlPath))?.page ?? plain;
}

/**
 * The encoding to answer with, from Accept-Encoding and its q-values (the negotiator @fastify/static
 * and @fastify/compress use): brotli, else gzip, else none.
 */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  return negotiate(acceptEncoding ?? '', ENCODINGS);
}

/** Whether Accept-Encoding takes gzip (q-values read): how a kept rendered page is sent (nonce-document.ts). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  return negotiate(acceptEncoding ?? '', ['gzip']) === 'gzip';
}

/** A page rendered on the server: the app's HTML, the query state it was rendered from, its head tags. */
export interface RenderedPage {
  html: string;
  state: string;
  head: string;
}

const ROOT_OPEN = '<div id="root">';

/**
 * The document of a page rendered on the server: the built page (with its route's preloads) whose
 * #root holds the rendered app instead of the brand mark, followed by the query state as JSON (which the
 * renderer escaped for a script element), and the page's own title and meta tags in place of the
 * site's. Inline scripts carry the request's nonce.
 */
export function renderedDocument(shell: string, page: RenderedPage, nonce: string): string {
  const open = shell.indexOf(ROOT_OPEN);
  const close = shell.lastIndexOf('</body>');
  if (open < 0 || close < 0) throw new Error('the built index.html has no #root before </body>');
  let head = shell.slice(0, open);
  if (page.head !== '') {
    head = head
      .replace(/<title>[^<]*<\/title>/, '')
      .replace(/<meta name="description"[^>]*>/, '')
      .replace('</head>', `${page.head}</head>`);
  }
  const state = `<script type="application/json" id="query-state" nonce="${nonce}">${page.state}</script>`;
  return `${head}${ROOT_OPEN}${page.html}</div>${state}${shell.slice(close)}`;
}
