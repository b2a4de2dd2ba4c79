import { Button } from '@/components/ui/button.tsx';

/** 'Load more' under a paged list, while there is a next page. */
export function LoadMoreButton({
  query,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
}) {
  if (!query.hasNextPage) return null;
  return (
    <Button
      variant="outline"
      className="w-fit justify-self-center"
      disabled={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {query.isFetchingNextPage ? 'Loading more…' : 'Load more'}
    </Button>
  );
}
