import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { authMessages } from '#contracts/auth.ts';
import { callApi } from '../api-client.ts';
import { isContractKey } from '../contract-query.ts';
import { meQueryKey } from './me.ts';
import { paths } from '../paths.ts';
import { toast } from '../../components/ui/toast.tsx';
import { getSession, signOut } from '#contracts/routes.ts';

/** Ends the session on the server, forgets every cached query, and goes to the landing page (or `to`). */
export function useSignOut(to: string = paths.home) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => callApi(signOut, {}),
    onSuccess: async () => {
      queryClient.setQueryData(meQueryKey, null);
      queryClient.removeQueries({ predicate: (q) => !isContractKey(q.queryKey, getSession) });
      await navigate(to, { replace: true });
    },
    onError: () => toast(authMessages.signOutFailed, 'error'),
  });
}
