import { useQueryClient } from '@tanstack/react-query';
import { messages, shopRoutes as routes } from '@tillbook/contract';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notices.tsx';
import { clearAll, currentUser } from '../../lib/session.ts';

/**
 * Logout: the server ends the session (and its refresh cookie), then all local storage is cleared
 * (the spec) and the shopper lands on the home page. A failed call still logs out here.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await api(routes.customerSession.logout, { body: { id: currentUser()?.id ?? null } });
    clearAll();
    queryClient.clear();
    notify.success(messages.logoutSuccess);
    navigate('/', { replace: true });
  };
}
