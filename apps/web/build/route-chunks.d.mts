export interface RouteEntry {
  path: string;
  modules: string[];
  budget: number;
}
export interface ManifestChunk {
  file: string;
  imports?: string[];
  isDynamicEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;
export function readRoutes(): RouteEntry[];
export function readManifest(dist: string): Manifest;
export function reachable(roots: Iterable<string>, next: (node: string) => readonly string[]): Set<string>;
export function chunkClosure(manifest: Manifest, keys: string[]): Set<string>;
export function unlistedPages(manifest: Manifest, routes: RouteEntry[]): string[];
