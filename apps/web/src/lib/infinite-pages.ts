import type { InfiniteData } from '@tanstack/react-query';

type Item<P extends { results: readonly { id: number }[] }> = P['results'][number];

/**
 * Applies `change` to the item `id` across the pages of an infinite query's data (a list of reviews,
 * of thoughts); null removes it. The data is returned as it was when no page holds the item.
 */
export function changeItemInPages<P extends { results: readonly { id: number }[] }>(
  data: InfiniteData<P> | undefined,
  id: number,
  change: (item: Item<P>) => Item<P> | null,
): InfiniteData<P> | undefined {
  if (!data || !data.pages.some((page) => page.results.some((item) => item.id === id))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      results: page.results.flatMap((item) => {
        if (item.id !== id) return [item];
        const next = change(item);
        return next ? [next] : [];
      }),
    })),
  };
}
