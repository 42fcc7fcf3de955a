import type { Payment } from '@akhada/contracts';
import { useTranslation } from 'react-i18next';
import { formatRupees2 } from '../lib/money';
import { Link } from 'react-router-dom';
import { formatDate } from '../lib/format';
import { useToast } from './toast';
import { isCheckoutDismissed } from '../lib/razorpay-checkout';
import { useMyPendingPayments, usePayOnline, useRazorpayStatus } from '../lib/shared-queries/payments';
import { ErrorState } from './error-state';
import './payments-list.css';
import { useErrorText } from '../lib/use-error-text';
import { ALL_NS } from '../locales/resources';

/**
 * "Pay online" for a pending payment: Razorpay Checkout, then the server verifies. Shown only where the organization
 * has Razorpay keys; otherwise a plain note says online payments are not set up.
 */
export function PayOnlineButton({
  payment,
  label,
  className = 'btn btn--primary',
}: {
  payment: Pick<Payment, '_id' | 'status'>;
  label?: string;
  className?: string;
}) {
  const { t } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const status = useRazorpayStatus();
  const pay = usePayOnline();
  if (payment.status !== 'pending') return null;
  if (status.isPending) return null;
  if (status.isError || !status.data.enabled)
    return (
      <p className="text-muted pay-note" data-testid="online-unavailable">
        {t('payments:online.unavailable')}
      </p>
    );
  const onPay = () =>
    pay.mutate(payment._id, {
      onSuccess: () => toast.success(t('payments:online.success')),
      onError: (e) => {
        if (isCheckoutDismissed(e)) toast.info(t('payments:online.dismissed'));
        else toast.error(describe(e, { fallback: t('payments:online.failed') }));
      },
    });
  return (
    <button type="button" className={className} onClick={onPay} disabled={pay.isPending} data-testid="pay-online">
      {pay.isPending ? t('payments:online.paying') : (label ?? t('payments:online.pay'))}
    </button>
  );
}

/** My membership's "Payment due" card: the member's pending payments, each with Pay now (online when set up). */
export function MyDuesCard() {
  const { t, i18n } = useTranslation(ALL_NS);
  const query = useMyPendingPayments();
  if (query.isPending) return null;
  return (
    <section className="card my-dues" aria-labelledby="my-dues-title" data-testid="my-dues">
      <h2 id="my-dues-title" className="card__title">
        {t('payments:mine.payNowTitle')}
      </h2>
      {query.isError ? (
        <ErrorState error={query.error} title={t('payments:person.error')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : query.data.data.length === 0 ? (
        <p className="text-muted">{t('payments:mine.allPaid')}</p>
      ) : (
        <>
          <p className="text-muted">{t('payments:mine.payNowHint')}</p>
          <ul className="my-dues__list">
            {query.data.data.map((p) => (
              <li key={p._id} className="my-dues__item" data-testid="my-due">
                <span>
                  <strong>{formatRupees2(p.totalAmount)}</strong> · {p.description}
                  {p.dueDate ? ` · ${formatDate(p.dueDate, i18n.language)}` : ''}
                </span>
                <PayOnlineButton payment={p} label={t('payments:online.payNow')} className="btn btn--primary btn--sm" />
              </li>
            ))}
          </ul>
        </>
      )}
      <Link to="/dashboard/me/payments" className="link">
        {t('payments:mine.seeAll')}
      </Link>
    </section>
  );
}
