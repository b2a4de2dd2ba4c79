import { SettingsIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';

/** Beside Edit profile on the member's own profile: their settings (blocked and muted accounts). */
export function SettingsLink() {
  return (
    <Button variant="ghost" asChild>
      <Link to={paths.settings.getHref()}>
        <SettingsIcon aria-hidden />
        Settings
      </Link>
    </Button>
  );
}
