import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import compress, { type FastifyCompressOptions } from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { AVATAR_MAX_BYTES } from '@paddock/contract';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import {
  allowedMethods,
  clientErrorHandler,
  configureValidationMessages,
  frameworkErrors,
  methodNotAllowed,
  registerErrorHandler,
} from './lib/errors.ts';
import { COMPRESS_MIN_BYTES } from './lib/cached-answers.ts';
import { createEventBus, type EventBus } from './lib/events.ts';
import { createLiveBus, type LiveBus } from './lib/live-bus.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { F1_TAG, followInvalidations, ReadCache } from './lib/read-cache.ts';
import { registerSiteMap } from './lib/site-map.ts';
import { publicPagePaths } from './modules/f1/service.ts';
import { clock, clockOffsetMs } from './lib/clock.ts';
import { connectRedis } from './lib/redis.ts';
import { createMemoryCounterStore, createRedisCounterStore, type CounterStore } from './lib/throttle.ts';
import { documentCommonErrors } from './lib/openapi.ts';
import { syncResultsWhileListening } from './f1data/results-scheduler.ts';
import { acceptsGzip, preferredEncoding, webPages } from './lib/web-pages.ts';
import { loadPageRenderer, type PageRenderer, type ServedPage } from './lib/page-renderer.ts';
import { previewSpoilersShown, registerPreviews } from './lib/page-previews.ts';
import { authenticatePlugin } from './plugins/authenticate.ts';
import { healthRoutes } from './plugins/health.ts';
import { requestGuardsPlugin } from './plugins/request-guards.ts';
import { pageContentSecurityPolicy, securityHeadersPlugin } from './plugins/security-headers.ts';
import { modules } from './modules/index.ts';
import { mediaPlugin } from './modules/users/media.ts';
import { DeletedAccounts } from './modules/users/service.ts';

export interface AppDeps {
  database: Database;
  mailer?: Mailer;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    mailer: Mailer;
    events: EventBus;
    /** The shared Redis connection when REDIS_URL is set (README "Running in production"), else null. */
    redis: Redis | null;
    /** The throttles' counters: in Redis when it is configured (shared by every instance), else in memory. */
    counters: CounterStore;
    /** Doorbells between instances for live updates: Redis, else PostgreSQL LISTEN/NOTIFY, else in-process. */
    liveBus: LiveBus;
    /** The accounts deleted lately, whose tokens every instance refuses (decision 032). */
    deletedAccounts: DeletedAccounts;
    /** Public answers of this instance, invalidated on writes here and, through liveBus, elsewhere (decision 016). */
    readCache: ReadCache;
    /**
     * The search's answers, apart: what people type is endless and must not push the F1 answers out.
     * Its epoch also tells the search's in-memory catalogue when F1 data changed.
     */
    searchCache: ReadCache;
    /** Pages rendered on the server and kept for every guest, apart: they are large (decision 024). */
    pageCache: ReadCache;
    /**
     * Which reviews each signed-in reader's lists show, and their side of each (decision 027), apart: one
     * entry per reader and page, tagged with the reader.
     */
    readerCache: ReadCache;
  }
}

export const API_PREFIX = '/api';

/**
 * Graceful shutdown (decision 019): requests in flight when close() starts finish and are answered,
 * then their keep-alive connections are closed. Every answer sent from then on says `Connection:
 * close` (set when it is sent, so a request that began before the shutdown says it too): its client
 * opens its next request elsewhere instead of sending it on a connection that is about to close.
 * Node closes the connections idle when the listener closes; one that finishes its request
 * afterwards is closed by its `Connection: close`, and the reaper closes any left idle, which would
 * otherwise stay open until the keep-alive timeout (72 s) and hold the shutdown that long.
 */
function drainOnClose(app: FastifyInstance) {
  let reaper: NodeJS.Timeout | undefined;
  let draining = false;
  app.addHook('onSend', (request, reply, payload, done) => {
    if (draining && request.raw.httpVersionMajor === 1) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('preClose', async () => {
    draining = true;
    reaper = setInterval(() => app.server.closeIdleConnections(), 100);
    reaper.unref();
  });
  app.addHook('onClose', async () => clearInterval(reaper));
}

/**
 * Answers over 1 KiB are compressed on the fly for clients that accept it (static files come
 * compressed from the build and are left alone). Brotli at quality 4 costs about what gzip does at its
 * default level and saves more; the highest qualities are for files compressed once, not per request.
 */
export const compressOptions: FastifyCompressOptions = {
  threshold: COMPRESS_MIN_BYTES,
  encodings: ['br', 'gzip'],
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
};

/**
 * The general limit of API requests per client and minute (the auth routes have stricter throttles of
 * their own). With Redis every instance counts into the same windows. If Redis is unreachable the
 * general API limit lets requests through (the auth throttles, which guard passwords, refuse instead).
 */
export function apiRateLimitOptions(
  config: Config,
  redis: Redis | null,
  renderCalls: { isRenderCall: (req: FastifyRequest) => boolean } = { isRenderCall: () => false },
): RateLimitPluginOptions {
  return {
    global: true,
    max: config.API_RATE_LIMIT,
    timeWindow: '1 minute',
    // A page's render calls the API in process (lib/page-renderer.ts): the page's request was the client's.
    allowList: (req) => !req.url.startsWith(API_PREFIX) || renderCalls.isRenderCall(req),
    ...(redis ? { redis, nameSpace: `${config.REDIS_KEY_PREFIX}rate-limit:`, skipOnError: true } : {}),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      message: `Request was throttled. Expected available in ${Math.max(1, Math.ceil(ctx.ttl / 1000))} seconds.`,
    }),
  };
}

/** The composition root: external plugins, then app plugins, then one plugin per module. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  configureValidationMessages();
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : { level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    trustProxy: config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    // Valid JSON with a "__proto__" or "constructor.prototype" key is valid input: the key is dropped
    // (no schema has such a field) instead of the body being refused as unparseable.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    frameworkErrors,
    clientErrorHandler,
    // While shutting down, a request that still arrives on an open keep-alive connection is served
    // (with Connection: close) rather than refused with Fastify's own, non-DRF 503.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  drainOnClose(app);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.addHook('onRoute', documentCommonErrors(API_PREFIX));

  app.decorate('config', config);
  app.decorate('database', deps.database);
  app.decorate('mailer', deps.mailer ?? createMailer(config, app.log));
  app.decorate('events', createEventBus(app.log));
  const redis = config.REDIS_URL ? connectRedis(config.REDIS_URL, app.log) : null;
  app.decorate('redis', redis);
  app.decorate(
    'counters',
    redis
      ? createRedisCounterStore(redis, `${config.REDIS_KEY_PREFIX}throttle:`, () => clock.now())
      : createMemoryCounterStore(() => clock.now()),
  );
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  const liveBus = createLiveBus({
    redis,
    redisPrefix: config.REDIS_KEY_PREFIX,
    database: deps.database,
    log: app.log,
  });
  app.decorate('liveBus', liveBus);
  app.addHook('onClose', () => liveBus.close());
  const deletedAccounts = new DeletedAccounts(deps.database.db, liveBus, config.ACCESS_TOKEN_MINUTES * 60_000, app.log);
  app.decorate('deletedAccounts', deletedAccounts);
  app.addHook('onReady', () => deletedAccounts.start());
  app.addHook('preClose', () => deletedAccounts.close());
  // Followed even when they keep nothing (READ_CACHE_ENTRIES=0): their epoch still says when F1 data changed.
  const cacheEntries = {
    readCache: config.READ_CACHE_ENTRIES,
    searchCache: config.READ_CACHE_ENTRIES,
    pageCache: config.PAGE_CACHE_ENTRIES,
    readerCache: config.READER_PAGE_ENTRIES,
  };
  for (const name of ['readCache', 'searchCache', 'pageCache', 'readerCache'] as const) {
    const maxEntries = cacheEntries[name];
    const cache = new ReadCache({ maxEntries, now: () => clock.now() });
    app.decorate(name, cache);
    const stopFollowing = await followInvalidations(cache, liveBus);
    app.addHook('preClose', () => stopFollowing());
  }

  await app.register(securityHeadersPlugin);
  await app.register(compress, compressOptions);
  // Filled in once the page renderer is loaded (below), before the server listens.
  const renderCalls = { isRenderCall: (_req: FastifyRequest) => false };
  await app.register(rateLimit, apiRateLimitOptions(config, redis, renderCalls));
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5 } });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Paddock API',
        description:
          'The API of Paddock — F1 Reviews & Stats. Errors are DRF-shaped: `{"detail": "..."}` or field errors ' +
          '`{"field": ["message"]}`; every status a route can answer is listed with it. A method a path does not ' +
          'take is a 405 `{"detail": "Method \\"PUT\\" not allowed."}` with an `Allow` header. Text holding U+0000 ' +
          'or an unpaired surrogate is refused with a 400 field error. Authenticate with `Authorization: Bearer <access>`.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs` });

  await app.register(requestGuardsPlugin);
  await app.register(authenticatePlugin, { isDeleted: (userId) => deletedAccounts.isDeleted(userId) });
  const ctx = { db: deps.database.db, events: app.events };
  for (const mod of modules) {
    await mod.register(app, API_PREFIX);
    mod.subscribe?.(ctx, config, app);
  }
  // Race results arrive by themselves once the server listens (decision 020).
  if (config.RESULTS_SYNC === 'auto') syncResultsWhileListening(app);

  // Uploaded files live outside the API prefix, at /media/...
  await app.register(mediaPlugin);

  await healthRoutes(app, API_PREFIX);

  const webDist = config.WEB_DIST && existsSync(path.join(config.WEB_DIST, 'index.html')) ? config.WEB_DIST : null;
  if (webDist) {
    await registerWebApp(app, webDist);
    // The sitemap's pages: every race, driver, team and season, renewed when F1 data changes (F1 tag).
    registerSiteMap(app, config.PUBLIC_URL, () =>
      app.readCache.getOrLoad('site-map:paths', [F1_TAG], () =>
        publicPagePaths({ db: app.database.db, events: app.events }),
      ),
    );
  }
  const pageFor = webDist ? webPages(webDist, clockOffsetMs()) : null;
  // The server's renderer of the web app is built beside it (apps/web: dist-ssr/).
  const renderer = webDist
    ? await loadPageRenderer(app, path.join(webDist, '..', 'dist-ssr', 'entry-server.js'), app.pageCache, {
        previewSpoilers: config.PREVIEW_SPOILERS,
      })
    : null;
  if (renderer) {
    renderCalls.isRenderCall = renderer.isRenderCall;
    registerPreviews(app, renderer, app.pageCache, previewSpoilersShown(config.PREVIEW_SPOILERS));
  }
  app.setNotFoundHandler(async (req, reply) => {
    if (pageFor && wantsWebPage(req.method, req.url, req.headers.accept)) {
      // The page must be revalidated so a new deploy is picked up at once.
      const page = pageFor(req.url.split('?')[0] ?? '/');
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Accept-Encoding');
      if (renderer) {
        const served = await servePage(renderer, req, config.PUBLIC_URL, page.renderShell);
        if (served?.kind === 'redirect') return reply.redirect(served.location, served.status);
        if (served?.kind === 'page') {
          const nonce = randomBytes(18).toString('base64');
          reply.code(served.status).header('content-security-policy', pageContentSecurityPolicy(nonce));
          // Assembled from the kept page's compressed pieces, the nonce in between (lib/nonce-document.ts).
          if (acceptsGzip(req.headers['accept-encoding'])) {
            return reply.header('content-encoding', 'gzip').send(served.document.gzip(nonce));
          }
          return reply.send(served.document.text(nonce));
        }
      }
      const encoding = preferredEncoding(req.headers['accept-encoding']);
      return encoding ? reply.header('content-encoding', encoding).send(page[encoding]) : reply.send(page.html);
    }
    // A route of this very method that found nothing (a missing static file) is a plain 404.
    const allow = allowedMethods(app, req.url);
    if (allow.length > 0 && !allow.includes(req.method)) return methodNotAllowed(reply, req.method, allow);
    return reply.code(404).send({ detail: 'Not found.' });
  });
  return app;
}

/**
 * A public page rendered as a guest sees it; null when it cannot be (a render that failed is logged and
 * the browser renders the page instead, as it did before pages were rendered on the server).
 */
async function servePage(
  renderer: PageRenderer,
  req: FastifyRequest,
  origin: string,
  shell: string,
): Promise<ServedPage | null> {
  try {
    return await renderer.page({ url: `${origin}${req.url}`, cookie: req.headers.cookie ?? '', shell });
  } catch (err) {
    req.log.error({ err }, 'page render failed; the browser renders the page');
    return null;
  }
}

/** Client-side routes get index.html; API paths, other methods and missing asset files get a 404. */
function wantsWebPage(method: string, url: string, accept = ''): boolean {
  if (url.startsWith(API_PREFIX) || url.startsWith('/media/')) return false;
  if (method !== 'GET' && method !== 'HEAD') return false;
  const pathname = url.split('?')[0] ?? '';
  return !path.extname(pathname) || accept.includes('text/html');
}

/** Serves the built React app, compressed at build time; fingerprinted assets are cached for a year. */
async function registerWebApp(app: FastifyInstance, dist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each text file (apps/web/build/compress.ts): they are sent
    // as they are to clients that accept them, with Vary: Accept-Encoding.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      // Vite fingerprints everything under assets/, so those files never change; the page itself
      // must be revalidated so a new deploy is picked up at once.
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      const page = path.basename(filePath) === 'index.html';
      reply.header(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : page ? 'no-cache' : 'public, max-age=3600',
      );
    },
  });
}
