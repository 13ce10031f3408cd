import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/errors';

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>RPA Control Room</title></head>
<body><h1>The web app is not built yet</h1>
<p>Run <code>npm run build</code>, then restart the server. The API is available under <a href="/api/docs">/api/docs</a>.</p>
</body></html>`;

const isApiPath = (url: string): boolean => /^\/(api|socket\.io)(\/|$)/.test(url);

/**
 * Serves the built web app (dist/) on the API's port. Unknown GETs outside /api fall back to
 * index.html so that the client-side router handles deep links (history fallback).
 */
export async function setupWeb(app: FastifyInstance, webRoot: string): Promise<void> {
  const built = existsSync(path.join(webRoot, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webRoot,
      prefix: '/',
      // Off so that setHeaders decides: the default would overwrite it with max-age=0.
      cacheControl: false,
      setHeaders: (res, file) => {
        // Vite fingerprints everything under assets/; index.html must always be revalidated.
        if (file.includes(`${path.sep}assets${path.sep}`))
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        else res.setHeader('cache-control', 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0];
    if (isApiPath(url) || (request.method !== 'GET' && request.method !== 'HEAD')) throw notFound();
    // A missing script or image must not be answered with HTML.
    if (path.extname(url) !== '') throw notFound();
    if (!built) return reply.type('text/html; charset=utf-8').send(NOT_BUILT);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
