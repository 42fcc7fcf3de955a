import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memberKeys } from '../../../lib/query-keys/members';

/**
 * A change to one member (renew, freeze, assign a trainer, …): on success every member query (lists, counts, details,
 * measurements) and the trainers' (client counts) are refreshed.
 */
export function useMemberCommand<TVars, TResult>(mutationFn: (vars: TVars) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([qc.invalidateQueries({ queryKey: memberKeys.all }), qc.invalidateQueries({ queryKey: ['trainers'] })]);
    },
  });
}
