import { dataRightsRoutes, type DataRequestType } from '@akhada/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';

const keys = {
  myConsents: ['settings', 'consents', 'mine'] as const,
  consentsOf: (id: string) => ['settings', 'consents', id] as const,
  myRequests: ['settings', 'data-requests', 'mine'] as const,
  queue: ['settings', 'data-requests', 'queue'] as const,
};

/** GET /settings/consents: the caller's consent history. */
export function useMyConsents() {
  return useQuery({
    queryKey: keys.myConsents,
    queryFn: async () =>
      parseResponse(dataRightsRoutes.myConsents.responses[200], await callRoute(dataRightsRoutes.myConsents, {}), 'GET /settings/consents').data,
  });
}

/** GET /settings/consents/:id (staff): a person's consent history. */
export function usePersonConsents(id: string) {
  return useQuery({
    queryKey: keys.consentsOf(id),
    queryFn: async () =>
      parseResponse(
        dataRightsRoutes.memberConsents.responses[200],
        await callRoute(dataRightsRoutes.memberConsents, { params: { id } }),
        'GET /settings/consents/:id',
      ).data,
  });
}

/** GET /settings/data-requests/mine. */
export function useMyDataRequests() {
  return useQuery({
    queryKey: keys.myRequests,
    queryFn: async () =>
      parseResponse(dataRightsRoutes.myRequests.responses[200], await callRoute(dataRightsRoutes.myRequests, {}), 'GET /settings/data-requests/mine').data,
  });
}

/** POST /settings/data-requests (a member). */
export function useCreateDataRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: { type: DataRequestType; details: string }) =>
      parseResponse(dataRightsRoutes.createRequest.responses[201], await callRoute(dataRightsRoutes.createRequest, { body }), 'POST /settings/data-requests')
        .data,
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.myRequests }),
  });
}

/** GET /settings/data-requests (owner, admin): the gym's queue. */
export function useDataRequestQueue() {
  return useQuery({
    queryKey: keys.queue,
    queryFn: async () => parseResponse(dataRightsRoutes.queue.responses[200], await callRoute(dataRightsRoutes.queue, {}), 'GET /settings/data-requests').data,
  });
}

/** POST /settings/data-requests/:id/decision (owner, admin). */
export function useDecideDataRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, decision, note }: { id: string; decision: 'approve' | 'reject'; note: string }) =>
      parseResponse(
        dataRightsRoutes.decide.responses[200],
        await callRoute(dataRightsRoutes.decide, { params: { id }, body: { decision, note } }),
        'POST /settings/data-requests/:id/decision',
      ).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.queue }),
  });
}
