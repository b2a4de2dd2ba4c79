import { createTailwindMerge, twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn } from '../src/lib/utils.ts';
import { appClassCandidates, prunedMergeConfig, tailwindClasses } from './tailwind-merge-config.ts';

describe("tailwind-merge's configuration of the app's classes", () => {
  it('lets cn merge every two classes of the app as twMerge does', () => {
    const classes = tailwindClasses(appClassCandidates());
    expect(classes.length).toBeGreaterThan(500);
    const differ: string[] = [];
    for (const a of classes) {
      for (const b of classes) {
        const expected = twMerge(`${a} ${b}`);
        if (cn(a, b) !== expected) differ.push(`${a} ${b} → ${cn(a, b)}, not ${expected}`);
      }
    }
    expect(differ.slice(0, 10)).toEqual([]);
  });

  it('keeps the groups of the classes it is given, with their conflicts, and no other', () => {
    const config = prunedMergeConfig(['p-4', 'md:px-2', 'text-sm', '!font-bold', 'flex']);
    expect(Object.keys(config.classGroups).sort()).toEqual(['display', 'font-size', 'font-weight', 'p', 'px']);
    const merge = createTailwindMerge(() => config);
    expect(merge('md:px-2 md:p-4')).toBe('md:p-4');
    expect(merge('px-2 p-4 text-sm text-lg')).toBe('p-4 text-lg');
    // Colours are not among the groups kept: a text colour is not told from a text size.
    expect(merge('text-sm text-red-500')).toBe('text-sm text-red-500');
    expect(twMerge('text-sm text-red-500')).toBe('text-sm text-red-500');
    expect(merge('text-red-500 text-blue-500')).toBe('text-red-500 text-blue-500');
  });
});
