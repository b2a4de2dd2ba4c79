import { EyeOffIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge.tsx';

/** On its author's own review, comment or thought that staff hid: nobody else sees it any more. */
export function HiddenByModerators() {
  return (
    <Badge variant="outline" className="w-fit gap-1 text-muted-foreground">
      <EyeOffIcon aria-hidden className="size-3" />
      Hidden by moderators
    </Badge>
  );
}
