import Fastify, { type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import underPressure from '@fastify/under-pressure';
import cookie from '@fastify/cookie';
import { getHeapStatistics } from 'node:v8';
import { serializerCompiler, validatorCompiler, createJsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Db } from './db/adapter';
import type { TokenService } from './auth/token';
import { registerErrorHandling } from './plugins/errors';
import { withErrorAnswers } from './plugins/api-doc';
import { registerAuth } from './plugins/auth';
import { contentSecurityPolicy } from './plugins/csp';
import { registerRoutes } from './routes';
import { HttpError } from './http-error';
import { setSnapshotDir } from './snapshots/store';
import { closeServices } from './db/services';
import { setOrthoOptions, type OrthoOptions } from './orthophoto/store';
import { setPhotoOptions } from './scouting/photo-store';
import { availableParallelism } from 'node:os';

export interface AppOptions {
  db: Db;
  tokens: TokenService;
  /** Built SPA folder to serve; omitted in API-only tests. */
  staticDir?: string;
  logLevel?: string;
  loginPerMinutePerAddress?: number;
  /** Password hashes at once, and logins that may wait for one. */
  passwordHash?: { concurrency: number; queue: number };
  bodyLimitBytes?: number;
  /** The basemap tile template (VITE_TILE_URL); the CSP allows its host. Default: OpenStreetMap. */
  tileUrl?: string;
  /** Fastify's trustProxy (TRUST_PROXY): client address and protocol from X-Forwarded-* of trusted proxies. */
  trustProxy?: boolean | number | string[];
  /** Chromium that prints the PDF report (default /usr/bin/chromium). */
  chromiumPath?: string;
  /** A production deployment (NODE_ENV=production): the admin dashboard says "Production Database". */
  production?: boolean;
  /** Folder of the survey snapshots (SNAPSHOT_DIR); omitted: a temporary folder (tests). */
  snapshotDir?: string;
  /** Aerial photos (ORTHO_DIR and its limits); omitted: a temporary folder and the defaults (tests). */
  ortho?: Partial<OrthoOptions> & { dir: string };
  /** Scouting photos (PHOTO_DIR); omitted: a temporary folder (tests). */
  photoDir?: string;
  /** Overload guard (503 + Retry-After); defaults suit production and tests alike. */
  pressure?: { maxEventLoopDelayMs?: number; maxHeapUsedBytes?: number; sampleIntervalMs?: number };
}

// Every route the app registered, so tests can enumerate them (a new route
// cannot escape the security matrix and the bad-input corpus).
declare module 'fastify' {
  interface FastifyInstance {
    /** Every route this app registered (onRoute), in order. */
    routeTable: RouteOptions[];
  }
}
export function registeredRoutes(app: FastifyInstance): readonly RouteOptions[] {
  return app.routeTable ?? [];
}

/**
 * Caching of the built SPA's files (README "Installed app and offline"): the service worker and the manifests are
 * checked on every load (a new version is found at once), the hashed files under /assets never change.
 */
function staticHeaders(reply: FastifyReply, filePath: string): void {
  const name = path.basename(filePath);
  if (name === 'sw.js' || name.endsWith('.webmanifest')) void reply.header('cache-control', 'no-cache');
  else if (filePath.includes(`${path.sep}assets${path.sep}`)) void reply.header('cache-control', 'public, max-age=31536000, immutable');
  if (name.endsWith('.webmanifest')) void reply.header('content-type', 'application/manifest+json; charset=utf-8');
}

/** Trust the nearest n proxies (Fastify takes a hop count at run time but types only the function form). */
const hops = (n: number) => (_address: string, hop: number) => hop < n;

/** Builds the whole HTTP app without listening (tests use app.inject). */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: opts.logLevel ?? 'warn' },
    bodyLimit: opts.bodyLimitBytes ?? 10 * 1024 * 1024,
    // Off by default: X-Forwarded-For from an untrusted client would let it pick its own rate-limit key.
    trustProxy: typeof opts.trustProxy === 'number' ? hops(opts.trustProxy) : (opts.trustProxy ?? false),
    // Ids in URLs and JSON keys like __proto__ are rejected, not merged.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // Router-level failures (a malformed %-escape in the path) skip the error
    // handler; answer them in the same { success, message } shape.
    frameworkErrors: (error, _request, reply) => {
      void (reply as unknown as FastifyReply)
        .status(400)
        .send({ success: false, code: 'malformed_url', params: { detail: error.message }, message: `Malformed URL: ${error.message}` });
    },
  });
  const routes: RouteOptions[] = [];
  app.decorate('routeTable', routes);
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  // Overload → 503 with Retry-After instead of a growing queue or an OOM crash.
  // The event-loop threshold is a mean over one sample: PGlite runs queries on
  // this thread, so only seconds of sustained blocking count as overload.
  await app.register(underPressure, {
    maxEventLoopDelay: opts.pressure?.maxEventLoopDelayMs ?? 5000,
    maxHeapUsedBytes: opts.pressure?.maxHeapUsedBytes ?? Math.floor(getHeapStatistics().heap_size_limit * 0.9),
    sampleInterval: opts.pressure?.sampleIntervalMs ?? 1000,
    // A window without a single loop sample reads as an infinite delay; on a
    // loop kept busy by promise chains that is noise, not overload.
    pressureHandler: async (_request, _reply, type, value) => {
      if (type === 'eventLoopDelay' && !Number.isFinite(value)) return;
      throw new HttpError(503, 'The server is busy. Please try again in a few seconds.', undefined, { 'retry-after': '10' }, 'server_busy');
    },
  });
  await app.register(helmet, { contentSecurityPolicy: { directives: contentSecurityPolicy(opts.tileUrl) }, crossOriginEmbedderPolicy: false });
  await app.register(compress, { threshold: 1024 });
  await app.register(swagger, {
    openapi: { info: { title: 'Orchard survey API', version: '1.0.0' }, components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } } },
    // Every operation's error answers, with the one Error schema (server/plugins/api-doc.ts).
    transformObject: withErrorAnswers(() => routes),
    // A response timestamp is the driver's Date, sent as ISO text: documented as a date-time string.
    transform: createJsonSchemaTransform({
      zodToJsonConfig: {
        override: ({ zodSchema, jsonSchema }) => {
          if (zodSchema._zod.def.type === 'date') Object.assign(jsonSchema, { type: 'string', format: 'date-time' });
        },
        unrepresentable: 'any',
      },
    }),
  });
  // Refresh tokens travel as an HttpOnly cookie for browsers (server/auth/refresh-cookie.ts).
  await app.register(cookie);
  registerAuth(app, opts.db, opts.tokens);
  // The database's services (job thread, caches, folders: server/db/services.ts) close with the app.
  app.addHook('onClose', () => closeServices(opts.db));
  if (opts.snapshotDir) setSnapshotDir(opts.db, opts.snapshotDir);
  if (opts.ortho) setOrthoOptions(opts.db, opts.ortho);
  if (opts.photoDir) setPhotoOptions(opts.db, { dir: opts.photoDir });
  await registerRoutes(app, {
    db: opts.db,
    tokens: opts.tokens,
    loginPerMinutePerAddress: opts.loginPerMinutePerAddress ?? 30,
    passwordHash: opts.passwordHash ?? { concurrency: availableParallelism(), queue: 200 },
    chromiumPath: opts.chromiumPath ?? '/usr/bin/chromium',
    production: opts.production ?? false,
  });
  // The API's docs: swagger-ui at /api/docs (its scripts are files of the package: the CSP holds), the OpenAPI
  // document at /api/docs/json and /api/docs/yaml. Public like the login: they describe routes, not data.
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      if (route.url.startsWith('/api/docs')) route.config = { ...route.config, access: 'public' };
    });
    await docs.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { validatorUrl: null, docExpansion: 'list', deepLinking: true } });
  });

  if (opts.staticDir && existsSync(path.join(opts.staticDir, 'index.html'))) {
    await app.register(fastifyStatic, { root: path.resolve(opts.staticDir), wildcard: false, maxAge: '1h', setHeaders: staticHeaders });
    // Client-side routes (/home, /view/…) get the SPA; unknown /api paths stay 404 JSON.
    app.get('/*', { schema: { hide: true }, config: { access: 'public' } }, (request, reply) => {
      if (request.url.startsWith('/api/')) return reply.callNotFound();
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  }
  return app;
}
