import type { PosSale } from '@akhada/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useSale } from '../api/pos-api';

/** How long the screen waits for the invoice (or the online payment's record) before it says so and offers Retry. */
export const INVOICE_WAIT_MS = 30_000;

/** Still on its way: the invoice of a completed sale, or the pending online payment of an order awaiting payment. */
export const isWaiting = (sale: PosSale | undefined): boolean =>
  !!sale && ((sale.status === 'completed' && !sale.invoice) || (sale.status === 'awaiting_payment' && !sale.onlinePayment));

/**
 * GET /pos/sales/:saleId, read again while the invoice (or the online payment) is on its way, for at most
 * INVOICE_WAIT_MS; then `timedOut` until `retry()` starts another wait. An order awaiting payment keeps being read
 * (slowly, by the same poll) so the screen sees it paid.
 */
export function useInvoiceWait(saleId: string) {
  const [attempt, setAttempt] = useState(0);
  const [timedOut, setTimedOut] = useState(false);
  const sale = useSale(saleId, (s) => !timedOut && (isWaiting(s) || s?.status === 'awaiting_payment'));
  const waiting = isWaiting(sale.data);
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setTimedOut(true), INVOICE_WAIT_MS);
    return () => clearTimeout(timer);
  }, [waiting, attempt]);
  const retry = useCallback(() => {
    setTimedOut(false);
    setAttempt((a) => a + 1);
    void sale.refetch();
  }, [sale]);
  return { sale, waiting, timedOut: timedOut && waiting, retry };
}
