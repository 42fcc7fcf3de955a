import type { Autopay } from '@akhada/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { formatDate } from '../../../lib/format';
import { formatRupees2 } from '../../../lib/money';
import { isCheckoutDismissed, openRazorpayMandate } from '../../../lib/razorpay-checkout';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { autopayKeys, useAutopayPlans, useCancelAutopay, useChangeAutopayMethod, useMyAutopays, useStartAutopay } from '../api/autopay-api';

/** Autopays that still run or await the member (not cancelled, not completed). */
const RUNNING: readonly Autopay['status'][] = ['created', 'authenticated', 'active', 'pending', 'halted', 'paused'];

/**
 * The member's autopay (issue 28): its state, next charge date and amount, cancel (at the end of the paid period); or,
 * without one, the plans their gym offers it on, each with "Set up autopay" opening Razorpay Checkout for the mandate
 * (UPI AutoPay or card). The state follows Razorpay's webhooks on the server: after Checkout the card is refetched.
 */
export function AutopayCard() {
  const { t, i18n } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const qc = useQueryClient();
  const mine = useMyAutopays();
  const plans = useAutopayPlans();
  const start = useStartAutopay();
  const cancel = useCancelAutopay();
  const changeMethod = useChangeAutopayMethod();
  const [opening, setOpening] = useState<string | null>(null);

  /** Opens Checkout for a new mandate: a new autopay on a plan, or (change: the autopay's id) its new method. */
  const setUp = async (planId: string, change?: string) => {
    setOpening(change ?? planId);
    try {
      const c = change ? await changeMethod.mutateAsync(change) : await start.mutateAsync(planId);
      await openRazorpayMandate({
        checkoutScriptUrl: c.checkoutScriptUrl,
        keyId: c.keyId,
        subscriptionId: c.subscriptionId,
        name: c.name,
        description: c.description,
        prefill: c.prefill,
      });
      toast.success(t(change ? 'payments:autopay.methodChanged' : 'payments:autopay.authorised'));
    } catch (e) {
      if (isCheckoutDismissed(e)) toast.info(t('payments:autopay.dismissed'));
      else toast.error(describe(e, { fallback: t('payments:autopay.failed') }));
    } finally {
      setOpening(null);
      void qc.invalidateQueries({ queryKey: autopayKeys.all });
    }
  };

  let body;
  if (mine.isPending || plans.isPending) body = <LoadingState title={t('payments:autopay.loading')} />;
  else if (mine.isError || plans.isError)
    body = (
      <ErrorState
        error={mine.error ?? plans.error}
        title={t('payments:autopay.error')}
        onRetry={() => void Promise.all([mine.refetch(), plans.refetch()])}
        retrying={mine.isFetching || plans.isFetching}
      />
    );
  else {
    const running = mine.data.find((a) => RUNNING.includes(a.status));
    if (running) {
      body = (
        <div data-testid="autopay-running">
          <p>
            <strong>{running.planName}</strong> · <span data-testid="autopay-status">{t(`payments:autopay.status.${running.status}`)}</span>
          </p>
          {running.nextChargeDate && running.status !== 'halted' && !running.cancelRequested ? (
            <p data-testid="autopay-next">
              {t('payments:autopay.next', { date: formatDate(running.nextChargeDate, i18n.language), amount: formatRupees2(running.amount) })}
            </p>
          ) : null}
          {running.method ? (
            <p data-testid="autopay-method">{t('payments:autopay.paysWith', { method: t(`payments:autopay.method.${running.method}`) })}</p>
          ) : null}
          {running.status === 'halted' || running.status === 'pending' ? <p className="text-muted">{t('payments:autopay.failedHint')}</p> : null}
          {running.cancelRequested ? (
            <p className="text-muted">
              {running.paidThrough
                ? t('payments:autopay.cancelling', { date: formatDate(running.paidThrough, i18n.language) })
                : t('payments:autopay.cancellingNow')}
            </p>
          ) : null}
          {running.status === 'created' ? (
            <button type="button" className="btn btn--primary btn--sm" disabled={opening !== null} onClick={() => void setUp(running.planId)}>
              {opening ? t('payments:autopay.opening') : t('payments:autopay.authorise')}
            </button>
          ) : null}
          {!running.cancelRequested && ['authenticated', 'active', 'pending', 'halted'].includes(running.status) ? (
            <button type="button" className="btn btn--secondary btn--sm" disabled={opening !== null} onClick={() => void setUp(running.planId, running._id)}>
              {opening === running._id ? t('payments:autopay.opening') : t('payments:autopay.changeMethod')}
            </button>
          ) : null}
          {!running.cancelRequested ? (
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              disabled={cancel.isPending}
              onClick={() =>
                cancel.mutate(
                  { id: running._id, body: { atCycleEnd: true } },
                  {
                    onSuccess: () => toast.success(t('payments:autopay.cancelled')),
                    onError: (e) => toast.error(describe(e, { fallback: t('payments:autopay.cancelFailed') })),
                  },
                )
              }
            >
              {t('payments:autopay.cancel')}
            </button>
          ) : null}
        </div>
      );
    } else {
      const offered = plans.data.filter((p) => p.enabled);
      body =
        offered.length === 0 ? (
          <p className="text-muted">{t('payments:autopay.none')}</p>
        ) : (
          <>
            <p className="text-muted">{t('payments:autopay.hint')}</p>
            <ul className="my-dues__list">
              {offered.map((p) => (
                <li key={p.planId} className="my-dues__item">
                  <span>
                    <strong>{p.name}</strong> · {t('payments:autopay.every', { amount: formatRupees2(p.amount), count: p.periodMonths })}
                  </span>
                  <button type="button" className="btn btn--primary btn--sm" disabled={opening !== null} onClick={() => void setUp(p.planId)}>
                    {opening === p.planId ? t('payments:autopay.opening') : t('payments:autopay.setUp')}
                  </button>
                </li>
              ))}
            </ul>
          </>
        );
    }
  }
  return (
    <section className="card" aria-labelledby="my-autopay-title" data-testid="my-autopay">
      <h2 id="my-autopay-title" className="card__title">
        {t('payments:autopay.title')}
      </h2>
      {body}
    </section>
  );
}
