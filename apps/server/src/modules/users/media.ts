import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../../lib/errors.ts';
import { AVATAR_EXTENSIONS, AVATAR_FILE_PATTERN, avatarDir, type AvatarExtension } from './avatars.ts';

/**
 * Serves uploaded avatars at /media/avatars/<file> from MEDIA_DIR, outside the /api prefix and ahead of
 * the web app's index.html fallback. Only names the server generated are served, with the type their
 * extension fixes (checked by content at upload) and nosniff, so no upload can act as a page.
 */
export const mediaPlugin = fp(async (app: FastifyInstance) => {
  app.get<{ Params: { file: string } }>('/media/avatars/:file', { schema: { hide: true } }, async (request, reply) => {
    const { file } = request.params;
    if (!AVATAR_FILE_PATTERN.test(file)) throw notFound();
    const fullPath = path.join(avatarDir(app.config.MEDIA_DIR), file);
    const info = await stat(fullPath).catch(() => null);
    if (!info?.isFile()) throw notFound();
    const ext = path.extname(file).slice(1) as AvatarExtension;
    return (
      reply
        .header('content-type', AVATAR_EXTENSIONS[ext])
        .header('content-length', info.size)
        .header('x-content-type-options', 'nosniff')
        // File names are random and never reused, so a stored avatar never changes.
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(createReadStream(fullPath))
    );
  });
});
