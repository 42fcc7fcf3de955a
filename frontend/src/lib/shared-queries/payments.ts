import { paymentsRoutes } from '@akhada/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../api-error';
import { apiLanguage } from '../api-language';
import { buildUrl, callRoute, parseResponse } from '../api-client';
import { getToken } from '../auth/token-store';
import { paymentKeys } from '../query-keys/payments';
import { openRazorpayCheckout } from '../razorpay-checkout';

/* Payments calls several features use (member detail, trainer earnings, My payments, the payments screens). */

export const PERSON_PAGE_SIZE = 10;

/** GET /api/payments/member/:id?page&limit */
export async function getMemberPayments(id: string, page: number, signal?: AbortSignal) {
  const json = await callRoute(paymentsRoutes.memberPayments, { params: { id }, query: { page, limit: PERSON_PAGE_SIZE }, signal });
  return parseResponse(paymentsRoutes.memberPayments.responses[200], json, 'GET /payments/member/:id');
}
export const useMemberPayments = (id: string, page: number, enabled = true) =>
  useQuery({
    queryKey: paymentKeys.member(id, page),
    queryFn: ({ signal }) => getMemberPayments(id, page, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

/** GET /api/payments/trainer/:id?page&limit */
export async function getTrainerPayments(id: string, page: number, signal?: AbortSignal) {
  const json = await callRoute(paymentsRoutes.trainerPayments, { params: { id }, query: { page, limit: PERSON_PAGE_SIZE }, signal });
  return parseResponse(paymentsRoutes.trainerPayments.responses[200], json, 'GET /payments/trainer/:id');
}
export const useTrainerPayments = (id: string, page: number, enabled = true) =>
  useQuery({
    queryKey: paymentKeys.trainer(id, page),
    queryFn: ({ signal }) => getTrainerPayments(id, page, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

/**
 * GET /api/payments/tax-settings: each location's GST registration, kept by payments (its invoices use it). Settings →
 * Gym edits it; the add-member and renewal forms price a plan sold without GST with it.
 */
export async function getTaxSettings(signal?: AbortSignal) {
  const json = await callRoute(paymentsRoutes.taxSettings, { signal });
  return parseResponse(paymentsRoutes.taxSettings.responses[200], json, 'GET /payments/tax-settings').data;
}
export const useTaxSettings = (enabled = true) => useQuery({ queryKey: paymentKeys.taxSettings, queryFn: ({ signal }) => getTaxSettings(signal), enabled });

/** GET /api/payments/razorpay/status: whether the organization takes online payments (its keys are set). */
export async function getRazorpayStatus(signal?: AbortSignal) {
  const json = await callRoute(paymentsRoutes.razorpayStatus, { signal });
  return parseResponse(paymentsRoutes.razorpayStatus.responses[200], json, 'GET /payments/razorpay/status').data;
}
export const useRazorpayStatus = () =>
  useQuery({ queryKey: paymentKeys.razorpayStatus, queryFn: ({ signal }) => getRazorpayStatus(signal), staleTime: 60_000 });

/**
 * Pays a pending payment online: opens a Razorpay order, lets the buyer pay in Checkout, then has the server check
 * Checkout's signature (POST /payments/razorpay/verify). Resolves with the captured payment.
 */
export async function payOnline(paymentId: string) {
  const orderJson = await callRoute(paymentsRoutes.razorpayCreateOrder, { body: { paymentId } });
  const order = parseResponse(paymentsRoutes.razorpayCreateOrder.responses[201], orderJson, 'POST /payments/razorpay/create-order').data;
  const result = await openRazorpayCheckout({
    checkoutScriptUrl: order.checkoutScriptUrl,
    keyId: order.keyId,
    orderId: order.orderId,
    amountPaise: order.amount,
    currency: order.currency,
    name: order.name,
    description: order.description,
    prefill: order.prefill,
  });
  const json = await callRoute(paymentsRoutes.razorpayVerify, { body: result });
  return parseResponse(paymentsRoutes.razorpayVerify.responses[200], json, 'POST /payments/razorpay/verify').data;
}

export function usePayOnline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payOnline,
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}

/** Saves a file the server streams (a PDF, a CSV) under the name it gives. */
export async function downloadFile(path: string, query: Record<string, string | number | undefined>, fallbackName: string, accept: string) {
  const headers: Record<string, string> = { Accept: accept, 'Accept-Language': apiLanguage() };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(buildUrl(path, query), { headers, credentials: 'same-origin' });
  if (!res.ok) {
    const json: unknown = await res.json().catch(() => undefined);
    throw ApiError.fromResponse(res.status, json, res.headers.get('retry-after'));
  }
  const name = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return name;
}

/** GET /api/payments/invoices/:id/download: the invoice PDF. */
export const downloadInvoice = (id: string, number: string, lang?: 'en' | 'hi') =>
  downloadFile(paymentsRoutes.downloadInvoice.path.replace(':id', encodeURIComponent(id)), { lang }, `${number.replace(/\//g, '-')}.pdf`, 'application/pdf');

/** The signed-in member's own pending payments (GET /payments answers a member only their own). */
export async function getMyPendingPayments(signal?: AbortSignal) {
  const json = await callRoute(paymentsRoutes.list, { query: { status: 'pending', page: 1, limit: 20, sortBy: 'dueDate', sortOrder: 'asc' }, signal });
  return parseResponse(paymentsRoutes.list.responses[200], json, 'GET /payments');
}
export const useMyPendingPayments = (enabled = true) =>
  useQuery({ queryKey: [...paymentKeys.all, 'mine', 'pending'], queryFn: ({ signal }) => getMyPendingPayments(signal), enabled });
