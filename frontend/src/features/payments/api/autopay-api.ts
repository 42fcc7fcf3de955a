import { autopayRoutes as ap, type CancelAutopayBody } from '@akhada/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';

/** Autopay (issue 28): the member's own autopay and the plans they may start it on. */
export const autopayKeys = {
  all: ['autopay'] as const,
  mine: ['autopay', 'mine'] as const,
  plans: ['autopay', 'plans'] as const,
};

export async function getMyAutopays(signal?: AbortSignal) {
  const json = await callRoute(ap.mine, { signal });
  return parseResponse(ap.mine.responses[200], json, 'GET /payments/autopay/mine').data;
}
/** Read again every few seconds while one awaits Razorpay's word (authorisation, a cancellation): its webhook sets it. */
export const useMyAutopays = () =>
  useQuery({
    queryKey: autopayKeys.mine,
    queryFn: ({ signal }) => getMyAutopays(signal),
    refetchInterval: (q) => (q.state.data?.some((a) => a.status === 'created' || a.cancelRequested !== null) ? 3_000 : false),
  });

export async function getAutopayPlans(signal?: AbortSignal) {
  const json = await callRoute(ap.plans, { signal });
  return parseResponse(ap.plans.responses[200], json, 'GET /payments/autopay/plans').data;
}
export const useAutopayPlans = () => useQuery({ queryKey: autopayKeys.plans, queryFn: ({ signal }) => getAutopayPlans(signal) });

/** Starts (or answers again) the member's subscription on a plan: what Checkout opens with. */
export const useStartAutopay = () =>
  useMutation({
    mutationFn: async (planId: string) => {
      const json = await callRoute(ap.start, { body: { planId } });
      return parseResponse(ap.start.responses[201], json, 'POST /payments/autopay').data;
    },
  });

/** The member changes their autopay's method: a new subscription to authorise on Checkout (issue 28). */
export const useChangeAutopayMethod = () =>
  useMutation({
    mutationFn: async (id: string) => {
      const json = await callRoute(ap.changeMethod, { params: { id } });
      return parseResponse(ap.changeMethod.responses[200], json, 'POST /payments/autopay/:id/change-method').data;
    },
  });

export const useCancelAutopay = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: CancelAutopayBody }) => {
      const json = await callRoute(ap.cancel, { params: { id }, body });
      return parseResponse(ap.cancel.responses[200], json, 'POST /payments/autopay/:id/cancel').data;
    },
    onSettled: () => qc.invalidateQueries({ queryKey: autopayKeys.all }),
  });
};

export const staffAutopayKeys = { list: ['autopay', 'list'] as const };

/** Staff: every autopay of their locations with its state and last charge. */
export async function getAutopays(signal?: AbortSignal) {
  const json = await callRoute(ap.list, { query: {}, signal });
  return parseResponse(ap.list.responses[200], json, 'GET /payments/autopay').data;
}
export const useAutopays = () => useQuery({ queryKey: staffAutopayKeys.list, queryFn: ({ signal }) => getAutopays(signal) });

/** Staff: autopay on or off for a plan (its Razorpay plan made when first turned on). */
export const usePutAutopayPlan = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ planId, enabled }: { planId: string; enabled: boolean }) => {
      const json = await callRoute(ap.putPlan, { params: { id: planId }, body: { enabled } });
      return parseResponse(ap.putPlan.responses[200], json, 'PUT /payments/autopay/plans/:id').data;
    },
    onSettled: () => qc.invalidateQueries({ queryKey: autopayKeys.plans }),
  });
};

/** Staff: the charges due in the next `days` days (with their total) and the failed autopays. */
export async function getAutopayReport(days: number, signal?: AbortSignal) {
  const json = await callRoute(ap.report, { query: { days }, signal });
  return parseResponse(ap.report.responses[200], json, 'GET /payments/autopay/report').data;
}
export const useAutopayReport = (days = 30) =>
  useQuery({ queryKey: ['autopay', 'report', days] as const, queryFn: ({ signal }) => getAutopayReport(days, signal) });
