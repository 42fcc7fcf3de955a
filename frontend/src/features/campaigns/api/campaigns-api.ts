import {
  campaignRoutes as r,
  memberPlanRoutes,
  CreateCampaignBody,
  SegmentCountBody,
  type CampaignRecipient,
  type CampaignStatus,
  type OutboundStatus,
} from '@akhada/contracts';
import type { z } from 'zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';

/*
 * The campaigns screens' reads and writes, one function per endpoint of contracts/src/http/campaigns.ts. Every key is
 * under ['campaigns'], so a write refreshes the list and the report.
 */
export type RecipientStatus = CampaignRecipient['status'];

export const campaignKeys = {
  all: ['campaigns'] as const,
  list: (status: CampaignStatus | undefined, page: number) => ['campaigns', 'list', status ?? 'all', page] as const,
  detail: (id: string) => ['campaigns', 'detail', id] as const,
  recipients: (id: string, status: RecipientStatus, page: number) => ['campaigns', 'recipients', id, status, page] as const,
  count: (body: z.output<typeof SegmentCountBody>) => ['campaigns', 'count', body] as const,
};

/** A campaign still sending is read again this often, so its counts move on screen. */
export const LIVE_MS = 5000;

export const useCampaigns = (status: CampaignStatus | undefined, page: number) =>
  useQuery({
    queryKey: campaignKeys.list(status, page),
    queryFn: async ({ signal }) =>
      parseResponse(
        r.list.responses[200],
        await callRoute(r.list, { query: { status, page: String(page), limit: '20' }, signal }),
        'GET /notifications/campaigns',
      ),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.data.campaigns.some((c) => c.status === 'sending') ? LIVE_MS : false),
  });

export const useCampaign = (id: string) =>
  useQuery({
    queryKey: campaignKeys.detail(id),
    queryFn: async ({ signal }) =>
      parseResponse(r.get.responses[200], await callRoute(r.get, { params: { id }, signal }), 'GET /notifications/campaigns/:id').data,
    refetchInterval: (q) => (q.state.data?.status === 'sending' ? LIVE_MS : false),
  });

export const useCampaignRecipients = (id: string, status: RecipientStatus | OutboundStatus, page: number, live: boolean) =>
  useQuery({
    queryKey: campaignKeys.recipients(id, status, page),
    queryFn: async ({ signal }) =>
      parseResponse(
        r.recipients.responses[200],
        await callRoute(r.recipients, { params: { id }, query: { status, page: String(page), limit: '20' }, signal }),
        'GET /notifications/campaigns/:id/recipients',
      ),
    placeholderData: keepPreviousData,
    refetchInterval: live ? LIVE_MS : false,
  });

/** The live count of a segment on a channel; `body` null (criteria not valid yet) asks nothing. */
export const useSegmentCount = (body: z.output<typeof SegmentCountBody> | null) =>
  useQuery({
    queryKey: campaignKeys.count(body ?? ({} as z.output<typeof SegmentCountBody>)),
    enabled: body !== null,
    queryFn: async ({ signal }) =>
      parseResponse(r.countSegment.responses[200], await callRoute(r.countSegment, { body: body!, signal }), 'POST /notifications/campaigns/segments/count')
        .data,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export async function createCampaign(body: z.input<typeof CreateCampaignBody>) {
  return parseResponse(r.create.responses[201], await callRoute(r.create, { body }), 'POST /notifications/campaigns').data;
}
export async function cancelCampaign(id: string) {
  return parseResponse(r.cancel.responses[200], await callRoute(r.cancel, { params: { id } }), 'POST /notifications/campaigns/:id/cancel').data;
}

function useCampaignMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void qc.invalidateQueries({ queryKey: campaignKeys.all }) });
}
export const useCreateCampaign = () => useCampaignMutation(createCampaign);
export const useCancelCampaign = () => useCampaignMutation(cancelCampaign);

/** The plans the gym sells (GET /members/plans), for the segment's plan criterion. */
export const usePlans = () =>
  useQuery({
    queryKey: ['campaigns', 'plans'],
    queryFn: async ({ signal }) =>
      parseResponse(memberPlanRoutes.plans.responses[200], await callRoute(memberPlanRoutes.plans, { signal }), 'GET /members/plans').data,
    staleTime: 60_000,
  });
