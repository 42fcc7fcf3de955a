import { gymSettingsRoutes, paymentsRoutes, type PutTaxSettingsBody, type UpdateGymSettingsBody } from '@akhada/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { getMe } from '../../../lib/auth/api/get-me';
import { useSession } from '../../../lib/auth/session';
import { paymentKeys } from '../../../lib/query-keys/payments';
import { settingsKeys } from './query-keys';

/** GET /settings/gym: the organization, its locations and the plans it sells. */
export function useGym() {
  return useQuery({
    queryKey: settingsKeys.gymScreen,
    queryFn: async ({ signal }) =>
      parseResponse(gymSettingsRoutes.getGym.responses[200], await callRoute(gymSettingsRoutes.getGym, { signal }), 'GET /settings/gym').data,
  });
}

export function useSaveGym() {
  const qc = useQueryClient();
  const { setUser } = useSession();
  return useMutation({
    mutationFn: async (body: z.input<typeof UpdateGymSettingsBody>) =>
      parseResponse(gymSettingsRoutes.putGym.responses[200], await callRoute(gymSettingsRoutes.putGym, { body }), 'PUT /settings/gym').data,
    onSuccess: (data) => {
      qc.setQueryData(settingsKeys.gymScreen, data);
      // The brand colour shows in everyone's preferences answer.
      void qc.invalidateQueries({ queryKey: ['preferences'] });
      // The shell shows the gym's name, logo and colour from the session: take them from the server again.
      getMe().then(setUser, () => undefined);
    },
  });
}

export function useRegenerateJoinCode() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      parseResponse(
        gymSettingsRoutes.regenerateJoinCode.responses[200],
        await callRoute(gymSettingsRoutes.regenerateJoinCode, { body: {} }),
        'POST /settings/gym/join-code',
      ).data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: settingsKeys.gymScreen }),
  });
}

/** GST per location is kept by payments (its invoices use it): this screen edits it through payments' own route. */
export function useSaveTaxSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.input<typeof PutTaxSettingsBody>) =>
      parseResponse(paymentsRoutes.putTaxSettings.responses[200], await callRoute(paymentsRoutes.putTaxSettings, { body }), 'PUT /payments/tax-settings').data,
    onSuccess: (data) => qc.setQueryData(paymentKeys.taxSettings, data),
  });
}
