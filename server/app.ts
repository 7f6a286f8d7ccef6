import Fastify, { type FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { serializerCompiler, validatorCompiler, jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Db } from './db/adapter';
import type { TokenService } from './auth/token';
import { registerErrorHandling } from './plugins/errors';
import { registerAuth } from './plugins/auth';
import { contentSecurityPolicy } from './plugins/csp';
import { registerRoutes } from './routes';

export interface AppOptions {
  db: Db;
  tokens: TokenService;
  /** Built SPA folder to serve; omitted in API-only tests. */
  staticDir?: string;
  logLevel?: string;
  loginPerMinutePerAddress?: number;
  bodyLimitBytes?: number;
}

/** Builds the whole HTTP app without listening (tests use app.inject). */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: opts.logLevel ?? 'warn' },
    bodyLimit: opts.bodyLimitBytes ?? 10 * 1024 * 1024,
    trustProxy: false,
    // Ids in URLs and JSON keys like __proto__ are rejected, not merged.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(helmet, { contentSecurityPolicy: { directives: contentSecurityPolicy() }, crossOriginEmbedderPolicy: false });
  await app.register(compress, { threshold: 1024 });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: { info: { title: 'Orchard survey API', version: '1.0.0' }, components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } } },
    transform: jsonSchemaTransform,
  });
  registerAuth(app, opts.db, opts.tokens);
  await registerRoutes(app, { db: opts.db, tokens: opts.tokens, loginPerMinutePerAddress: opts.loginPerMinutePerAddress ?? 30 });
  app.get('/api/docs', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());

  if (opts.staticDir && existsSync(path.join(opts.staticDir, 'index.html'))) {
    await app.register(fastifyStatic, { root: path.resolve(opts.staticDir), wildcard: false, maxAge: '1h' });
    // Client-side routes (/home, /view/…) get the SPA; unknown /api paths stay 404 JSON.
    app.get('/*', { schema: { hide: true }, config: { access: 'public' } }, (request, reply) => {
      if (request.url.startsWith('/api/')) return reply.callNotFound();
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  }
  return app;
}
