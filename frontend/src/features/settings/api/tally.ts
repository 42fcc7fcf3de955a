import { tallyRoutes, type TallyLedgers } from '@akhada/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';

const tallyKey = ['payments', 'tally-ledgers'] as const;

/** The organization's Tally ledger names (payments keeps them; its Tally export uses them). */
export const useTallyLedgers = () =>
  useQuery({
    queryKey: tallyKey,
    queryFn: async ({ signal }) =>
      parseResponse(tallyRoutes.ledgers.responses[200], await callRoute(tallyRoutes.ledgers, { signal }), 'GET /payments/tally/ledgers').data,
  });

export function useSaveTallyLedgers() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: TallyLedgers) =>
      parseResponse(tallyRoutes.putLedgers.responses[200], await callRoute(tallyRoutes.putLedgers, { body }), 'PUT /payments/tally/ledgers').data,
    onSuccess: (data) => qc.setQueryData(tallyKey, data),
  });
}
