import {
  memberRoutes,
  paymentsRoutes,
  tallyRoutes,
  trainersRoutes,
  type CreatePaymentBody,
  type MarkPaidBody,
  type RefundBody,
  type TrainerSalaryBody,
  type UpdatePaymentBody,
} from '@akhada/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { paymentKeys, type PaymentListParams } from '../../../lib/query-keys/payments';
import { downloadFile } from '../../../lib/shared-queries/payments';

export const PAYMENTS_PAGE_SIZE = 20;

const r = paymentsRoutes;

export async function getPayments(p: PaymentListParams, signal?: AbortSignal) {
  const json = await callRoute(r.list, { query: { ...p }, signal });
  return parseResponse(r.list.responses[200], json, 'GET /payments');
}
export const usePayments = (p: PaymentListParams, enabled = true) =>
  useQuery({ queryKey: paymentKeys.list(p), queryFn: ({ signal }) => getPayments(p, signal), placeholderData: keepPreviousData, enabled });

export async function getPayment(id: string, signal?: AbortSignal) {
  const json = await callRoute(r.get, { params: { id }, signal });
  return parseResponse(r.get.responses[200], json, 'GET /payments/:id').data;
}
export const usePayment = (id: string) => useQuery({ queryKey: paymentKeys.detail(id), queryFn: ({ signal }) => getPayment(id, signal) });

export async function getOverview(signal?: AbortSignal) {
  const json = await callRoute(r.overview, { signal });
  return parseResponse(r.overview.responses[200], json, 'GET /payments/dashboard/overview').data;
}
export const overviewQueryOptions = () => ({ queryKey: paymentKeys.overview, queryFn: ({ signal }: { signal?: AbortSignal }) => getOverview(signal) });
export const useOverview = () => useQuery(overviewQueryOptions());

export interface AnalyticsParams {
  period: 'day' | 'week' | 'month' | 'year' | 'custom';
  startDate?: string;
  endDate?: string;
}
export async function getAnalytics(p: AnalyticsParams, signal?: AbortSignal) {
  const json = await callRoute(r.analytics, { query: { ...p }, signal });
  return parseResponse(r.analytics.responses[200], json, 'GET /payments/analytics').data;
}
export const useAnalytics = (p: AnalyticsParams) =>
  useQuery({ queryKey: paymentKeys.analytics(p), queryFn: ({ signal }) => getAnalytics(p, signal), placeholderData: keepPreviousData });

export const PENDING_PAGE_SIZE = 20;
export async function getPending(page: number, signal?: AbortSignal) {
  const json = await callRoute(r.pending, { query: { page, limit: PENDING_PAGE_SIZE }, signal });
  return parseResponse(r.pending.responses[200], json, 'GET /payments/pending');
}
export const usePending = (page: number) =>
  useQuery({ queryKey: paymentKeys.pending(page), queryFn: ({ signal }) => getPending(page, signal), placeholderData: keepPreviousData });

export async function getRenewals(days: number, signal?: AbortSignal) {
  const json = await callRoute(r.renewals, { query: { days }, signal });
  return parseResponse(r.renewals.responses[200], json, 'GET /payments/renewals').data;
}
export const useRenewals = (days: number) =>
  useQuery({ queryKey: paymentKeys.renewals(days), queryFn: ({ signal }) => getRenewals(days, signal), placeholderData: keepPreviousData });

export async function getSalaries(month: number, year: number, signal?: AbortSignal) {
  const json = await callRoute(r.salaries, { query: { month, year }, signal });
  return parseResponse(r.salaries.responses[200], json, 'GET /payments/salaries').data;
}
export const useSalaries = (month: number, year: number) =>
  useQuery({ queryKey: paymentKeys.salaries(month, year), queryFn: ({ signal }) => getSalaries(month, year, signal), placeholderData: keepPreviousData });

export async function getReports(p: { startDate?: string; endDate?: string }, signal?: AbortSignal) {
  const json = await callRoute(r.reports, { query: { ...p }, signal });
  return parseResponse(r.reports.responses[200], json, 'GET /payments/reports').data;
}
export const useReports = (p: { startDate?: string; endDate?: string }) =>
  useQuery({ queryKey: paymentKeys.reports(p), queryFn: ({ signal }) => getReports(p, signal), placeholderData: keepPreviousData });

export const INVOICES_PAGE_SIZE = 20;
export async function getInvoices(p: { search?: string; memberId?: string; page: number }, signal?: AbortSignal) {
  const json = await callRoute(r.listInvoices, { query: { ...p, limit: INVOICES_PAGE_SIZE }, signal });
  return parseResponse(r.listInvoices.responses[200], json, 'GET /payments/invoices');
}
export const useInvoices = (p: { search?: string; memberId?: string; page: number }) =>
  useQuery({ queryKey: paymentKeys.invoices(p), queryFn: ({ signal }) => getInvoices(p, signal), placeholderData: keepPreviousData });

/** The member picker: members of the caller's locations matching a search (spec: 100 at a time). */
export async function searchMembers(search: string, signal?: AbortSignal) {
  const json = await callRoute(memberRoutes.list, { query: { search: search || undefined, page: 1, limit: 100 }, signal });
  return parseResponse(memberRoutes.list.responses[200], json, 'GET /members').data;
}
export const useMemberChoices = (search: string, enabled: boolean) =>
  useQuery({
    queryKey: ['members', 'payment-choices', search],
    queryFn: ({ signal }) => searchMembers(search, signal),
    enabled,
    placeholderData: keepPreviousData,
  });

/** The trainer picker (spec: 100 at a time). */
export async function searchTrainers(signal?: AbortSignal) {
  const json = await callRoute(trainersRoutes.list, { query: { page: 1, limit: 100 }, signal });
  return parseResponse(trainersRoutes.list.responses[200], json, 'GET /trainers').data;
}
export const useTrainerChoices = (enabled: boolean) =>
  useQuery({ queryKey: ['trainers', 'payment-choices'], queryFn: ({ signal }) => searchTrainers(signal), enabled });

/** Every change refreshes every payments screen (and members / trainers, whose terms and earnings follow payments). */
function useInvalidateAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: paymentKeys.all });
}

export type CreatePaymentInput = z.input<typeof CreatePaymentBody>;
export function useCreatePayment() {
  const onSuccess = useInvalidateAll();
  return useMutation({
    mutationFn: async (body: CreatePaymentInput) => {
      const json = await callRoute(r.create, { body });
      return parseResponse(r.create.responses[201], json, 'POST /payments').data;
    },
    onSuccess,
  });
}

export function useUpdatePayment() {
  const onSuccess = useInvalidateAll();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: z.input<typeof UpdatePaymentBody> }) => {
      const json = await callRoute(r.update, { params: { id }, body });
      return parseResponse(r.update.responses[200], json, 'PUT /payments/:id').data;
    },
    onSuccess,
  });
}

export function useDeletePayment() {
  const onSuccess = useInvalidateAll();
  return useMutation({
    mutationFn: async (id: string) => {
      const json = await callRoute(r.delete, { params: { id } });
      return parseResponse(r.delete.responses[200], json, 'DELETE /payments/:id');
    },
    onSuccess,
  });
}

export function useMarkPaid() {
  const onSuccess = useInvalidateAll();
  return useMutation({
    mutationFn: async ({ id, body = {} }: { id: string; body?: z.input<typeof MarkPaidBody> }) => {
      const json = await callRoute(r.markPaid, { params: { id }, body });
      return parseResponse(r.markPaid.responses[200], json, 'POST /payments/:id/mark-paid').data;
    },
    onSuccess,
  });
}

export function useRefund() {
  const onSuccess = useInvalidateAll();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: z.input<typeof RefundBody> }) => {
      const json = await callRoute(r.refund, { params: { id }, body });
      return parseResponse(r.refund.responses[200], json, 'POST /payments/:id/refund').data;
    },
    onSuccess,
  });
}

export function useRemind() {
  const onSuccess = useInvalidateAll();
  return useMutation({
    mutationFn: async (id: string) => {
      const json = await callRoute(r.remind, { params: { id }, body: {} });
      return parseResponse(r.remind.responses[201], json, 'POST /payments/:id/remind').data;
    },
    onSuccess,
  });
}

export function usePaySalary() {
  const onSuccess = useInvalidateAll();
  return useMutation({
    mutationFn: async ({ trainerId, body }: { trainerId: string; body: z.input<typeof TrainerSalaryBody> }) => {
      const json = await callRoute(r.trainerSalary, { params: { id: trainerId }, body });
      return parseResponse(r.trainerSalary.responses[201], json, 'POST /payments/trainer/:id/salary').data;
    },
    onSuccess,
  });
}

export function useCreateInvoice() {
  const onSuccess = useInvalidateAll();
  return useMutation({
    mutationFn: async (paymentId: string) => {
      const json = await callRoute(r.createInvoice, { body: { paymentId } });
      return parseResponse(r.createInvoice.responses[201], json, 'POST /payments/invoices').data;
    },
    onSuccess,
  });
}

export function useSendInvoice() {
  const onSuccess = useInvalidateAll();
  return useMutation({
    mutationFn: async ({ id, email }: { id: string; email?: string }) => {
      const json = await callRoute(r.sendInvoice, { params: { id }, body: { email } });
      return parseResponse(r.sendInvoice.responses[200], json, 'POST /payments/invoices/:id/send');
    },
    onSuccess,
  });
}

/** GET /api/payments/export?format=csv&…: the CSV the server streams. */
export const downloadPaymentsCsv = (filters: Omit<PaymentListParams, 'page' | 'limit' | 'sortBy' | 'sortOrder'>) =>
  downloadFile(r.export.path, { format: 'csv', ...filters }, 'payments.csv', 'text/csv');

/** GET /api/payments/tally/export?gstin&startDate&endDate: a GSTIN's books for the period as Tally's XML import file. */
export const downloadTallyXml = (q: { gstin: string; startDate: string; endDate: string }) =>
  downloadFile(tallyRoutes.export.path, q, `tally-${q.gstin}-${q.startDate}-${q.endDate}.xml`, 'application/xml');
