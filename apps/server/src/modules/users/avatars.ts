import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

/** Avatars live in MEDIA_DIR/avatars (MEDIA_DIR defaults to DATA_DIR/media) and are served at /media/avatars/<file>. */
export const AVATAR_URL_PREFIX = '/media/avatars/';

/** Served types by extension; PNG and JPEG are avatars stored before uploads were re-encoded. */
export const AVATAR_EXTENSIONS = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
} as const;
export type AvatarExtension = keyof typeof AVATAR_EXTENSIONS;

/** Stored names are ours alone: random hex plus a known extension, nothing from the client. */
export const AVATAR_FILE_PATTERN = /^[0-9a-f]{32}\.(png|jpg|webp)$/;

export function avatarDir(mediaDir: string): string {
  return path.join(mediaDir, 'avatars');
}

/** Avatars are stored square at this size: the largest the site shows them (96 px) on a 2.5x screen. */
export const AVATAR_SIZE = 256;
/** Decoding is refused past this many pixels, so a small file cannot expand into gigabytes of memory. */
export const AVATAR_MAX_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp']);

/**
 * Decodes an upload and draws it anew as a square WebP: only pixels leave the server, never the bytes a
 * client sent (no trailing HTML or script, no EXIF location). The type is read from the content, not
 * from the client's name or declared type; anything sharp cannot decode as PNG, JPEG or WebP is null.
 */
export async function reencodeAvatar(bytes: Buffer): Promise<Buffer | null> {
  try {
    const image = sharp(bytes, { limitInputPixels: AVATAR_MAX_PIXELS, failOn: 'error', pages: 1 });
    const { format } = await image.metadata();
    if (!format || !ACCEPTED_FORMATS.has(format)) return null;
    return await image
      .rotate() // applies the EXIF orientation before the metadata is dropped
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    return null;
  }
}

/** Writes a re-encoded avatar (WebP) under a new random name. */
export async function storeAvatar(mediaDir: string, webp: Buffer): Promise<string> {
  const dir = avatarDir(mediaDir);
  await mkdir(dir, { recursive: true });
  const file = `${randomBytes(16).toString('hex')}.webp`;
  await writeFile(path.join(dir, file), webp, { flag: 'wx' });
  return AVATAR_URL_PREFIX + file;
}

/** Removes a stored avatar by its URL; anything that is not one of ours is left alone. */
export async function deleteAvatar(mediaDir: string, url: string | null): Promise<void> {
  if (!url?.startsWith(AVATAR_URL_PREFIX)) return;
  const file = url.slice(AVATAR_URL_PREFIX.length);
  if (!AVATAR_FILE_PATTERN.test(file)) return;
  await rm(path.join(avatarDir(mediaDir), file), { force: true });
}
