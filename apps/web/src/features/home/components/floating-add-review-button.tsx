import { PlusIcon } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';

/** Spec §2: on small screens (below the 768 px breakpoint, `md:hidden`) a floating Add review button. */
export function FloatingAddReviewButton({ onClick }: { onClick: () => void }) {
  return (
    <Button
      size="lg"
      className="fixed right-4 bottom-[max(1rem,env(safe-area-inset-bottom))] z-40 h-14 rounded-full px-5 shadow-lg md:hidden"
      aria-haspopup="dialog"
      onClick={onClick}
    >
      <PlusIcon aria-hidden className="size-5" />
      Add review
    </Button>
  );
}
