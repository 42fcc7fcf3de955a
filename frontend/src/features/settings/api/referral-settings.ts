import { memberReferralRoutes, type ReferralSettingsBody } from '@akhada/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { settingsKeys } from './query-keys';

const r = memberReferralRoutes;

/** GET /members/referral-settings (owners and admins): the free days a referral earns (0: off). */
export function useReferralSettings() {
  return useQuery({
    queryKey: settingsKeys.referral,
    queryFn: async ({ signal }) => parseResponse(r.settings.responses[200], await callRoute(r.settings, { signal }), 'GET /members/referral-settings').data,
  });
}

/** PUT /members/referral-settings (owners). */
export function useSaveReferralSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReferralSettingsBody) =>
      parseResponse(r.putSettings.responses[200], await callRoute(r.putSettings, { body }), 'PUT /members/referral-settings').data,
    onSuccess: (data) => qc.setQueryData(settingsKeys.referral, data),
  });
}
