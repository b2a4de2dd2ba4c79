import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';
import { clearSession, getRefreshToken } from '@/lib/session.ts';

export async function logout(refresh: string): Promise<void> {
  await api.call('logout', { body: { refresh } });
}

/**
 * Signs out at once, whatever the server says: it only blacklists the refresh token. The visitor
 * leaves first, so a guarded page does not greet them with the sign-in toast.
 */
export function useLogout(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return () => {
    const refresh = getRefreshToken();
    void navigate(paths.home.getHref(), { replace: true });
    clearSession();
    queryClient.clear();
    if (refresh) logout(refresh).catch(() => undefined);
  };
}
