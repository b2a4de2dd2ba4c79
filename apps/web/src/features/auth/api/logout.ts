import { api } from '@/lib/api-client.ts';
import { useEndSession } from '@/lib/end-session.ts';
import { getRefreshToken } from '@/lib/session.ts';

export async function logout(refresh: string): Promise<void> {
  await api.call('logout', { body: { refresh } });
}

/** Signs out at once, whatever the server says: it only blacklists the refresh token. */
export function useLogout(): () => void {
  const endSession = useEndSession();
  return () => {
    const refresh = getRefreshToken();
    endSession();
    if (refresh) logout(refresh).catch(() => undefined);
  };
}
