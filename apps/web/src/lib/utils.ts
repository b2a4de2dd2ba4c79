import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge';
// tailwind-merge's configuration of the class groups the app's classes belong to (build/tailwind-merge-config.ts).
import config from 'virtual:tailwind-merge-config';

const merge = createTailwindMerge(() => config);

/** Joins class names and lets a later Tailwind class win over an earlier one of the same kind. */
export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}
