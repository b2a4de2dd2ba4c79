import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Avatars live in DATA_DIR/media/avatars and are served at /media/avatars/<file>. */
export const AVATAR_URL_PREFIX = '/media/avatars/';

export const AVATAR_EXTENSIONS = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
} as const;
export type AvatarExtension = keyof typeof AVATAR_EXTENSIONS;

/** Stored names are ours alone: random hex plus a known extension, nothing from the client. */
export const AVATAR_FILE_PATTERN = /^[0-9a-f]{32}\.(png|jpg|webp)$/;

export function avatarDir(dataDir: string): string {
  return path.join(dataDir, 'media', 'avatars');
}

/**
 * The image type by its first bytes; the client's content type and file name are not trusted,
 * since a browser would otherwise be handed e.g. HTML under an image URL.
 */
export function sniffImageType(bytes: Buffer): AvatarExtension | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

export async function storeAvatar(dataDir: string, bytes: Buffer, ext: AvatarExtension): Promise<string> {
  const dir = avatarDir(dataDir);
  await mkdir(dir, { recursive: true });
  const file = `${randomBytes(16).toString('hex')}.${ext}`;
  await writeFile(path.join(dir, file), bytes, { flag: 'wx' });
  return AVATAR_URL_PREFIX + file;
}

/** Removes a stored avatar by its URL; anything that is not one of ours is left alone. */
export async function deleteAvatar(dataDir: string, url: string | null): Promise<void> {
  if (!url?.startsWith(AVATAR_URL_PREFIX)) return;
  const file = url.slice(AVATAR_URL_PREFIX.length);
  if (!AVATAR_FILE_PATTERN.test(file)) return;
  await rm(path.join(avatarDir(dataDir), file), { force: true });
}
