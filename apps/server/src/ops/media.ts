import { existsSync } from 'node:fs';
import { cp, readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/* Uploaded files (MEDIA_DIR) copied into and out of a backup folder, subfolders included. */

export interface MediaCount {
  files: number;
  bytes: number;
}

/** The files under `dir` (none when it does not exist) and their total size. */
export async function countFiles(dir: string): Promise<MediaCount> {
  if (!existsSync(dir)) return { files: 0, bytes: 0 };
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  let bytes = 0;
  let files = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}

/**
 * Copies every file under `from` into `to` (created if missing), keeping their times; a file already at
 * `to` is an error, never overwritten.
 */
export async function copyFiles(from: string, to: string): Promise<MediaCount> {
  if (!existsSync(from)) return { files: 0, bytes: 0 };
  await cp(from, to, { recursive: true, errorOnExist: true, force: false, preserveTimestamps: true });
  return countFiles(to);
}
