import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths.ts';
import { clearSession } from '@/lib/session.ts';

/**
 * Ends the session in this browser at once (signing out, an account deleted): the visitor leaves for Home
 * first, so a guarded page does not greet them with the sign-in toast, then everything the session wrote
 * and every cached answer go.
 */
export function useEndSession(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return () => {
    void navigate(paths.home.getHref(), { replace: true });
    clearSession();
    queryClient.clear();
  };
}
