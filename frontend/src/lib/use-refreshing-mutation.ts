import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/** A write whose success makes every query under `queryKey` be read again (what it changed shows everywhere it is listed). */
export function useRefreshingMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>, queryKey: QueryKey) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void qc.invalidateQueries({ queryKey }) });
}
