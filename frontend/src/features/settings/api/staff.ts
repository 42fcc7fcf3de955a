import { gymSettingsRoutes, type InviteStaffBody } from '@akhada/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { settingsKeys } from './query-keys';

export function useStaff() {
  return useQuery({
    queryKey: settingsKeys.staff,
    queryFn: async ({ signal }) =>
      parseResponse(gymSettingsRoutes.listStaff.responses[200], await callRoute(gymSettingsRoutes.listStaff, { signal }), 'GET /settings/staff').data,
  });
}

export function useInviteStaff() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.input<typeof InviteStaffBody>) =>
      parseResponse(gymSettingsRoutes.inviteStaff.responses[201], await callRoute(gymSettingsRoutes.inviteStaff, { body }), 'POST /settings/staff').data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: settingsKeys.staff }),
  });
}

export function useSetStaffLocations() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, locationIds }: { id: string; locationIds: string[] }) =>
      parseResponse(
        gymSettingsRoutes.setStaffLocations.responses[200],
        await callRoute(gymSettingsRoutes.setStaffLocations, { params: { id }, body: { locationIds } }),
        'PUT /settings/staff/:id/locations',
      ).data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: settingsKeys.staff }),
  });
}

export function useRemoveStaff() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      parseResponse(
        gymSettingsRoutes.removeStaff.responses[200],
        await callRoute(gymSettingsRoutes.removeStaff, { params: { id } }),
        'DELETE /settings/staff/:id',
      ),
    onSuccess: () => void qc.invalidateQueries({ queryKey: settingsKeys.staff }),
  });
}
