import { EyeOffIcon } from 'lucide-react';
import { SPOILERS_HIDDEN_TEXT } from '@paddock/contract/spoilers';
import { Button } from '@/components/ui/button.tsx';
import { useLiftSpoilers } from '@/lib/spoilers.ts';
import { cn } from '@/lib/utils.ts';

/**
 * What a shielded race, review or result shows in place of its spoilers (decision 033): the server withheld
 * them, so nothing is shown and then hidden. "Mark as watched" lifts the shield for good, "Reveal" for this
 * browser session; both fetch what is on screen again. `compact` fits a review card or a search row.
 */
export function SpoilersHidden({
  raceId,
  compact = false,
  className,
}: {
  raceId: number;
  compact?: boolean;
  className?: string;
}) {
  const { markWatched, marking, reveal } = useLiftSpoilers(raceId);
  return (
    <div
      role="note"
      className={cn(
        'flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-dashed bg-muted/40 text-sm',
        compact ? 'px-3 py-2' : 'px-4 py-3',
        className,
      )}
    >
      <p className="flex min-w-0 flex-1 items-center gap-2 text-muted-foreground">
        <EyeOffIcon aria-hidden className="size-4 shrink-0" />
        <span>{SPOILERS_HIDDEN_TEXT}</span>
      </p>
      <div className="flex items-center gap-1">
        <Button type="button" size="sm" variant="outline" disabled={marking} onClick={markWatched}>
          Mark as watched
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={reveal}>
          Reveal
        </Button>
      </div>
    </div>
  );
}
