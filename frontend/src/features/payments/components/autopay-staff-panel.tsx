import type { Autopay } from '@akhada/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { formatDate } from '../../../lib/format';
import { formatRupees2 } from '../../../lib/money';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useAutopayPlans, useAutopays, usePutAutopayPlan } from '../api/autopay-api';
import { AutopayCancelDialog } from './autopay-cancel-dialog';
import { AutopayReport } from './autopay-report';

/** Autopays staff may still cancel (not ended, no cancellation asked yet). */
const cancellable = (a: Autopay) => !['cancelled', 'completed'].includes(a.status) && a.cancelRequested === null;

/**
 * Staff's autopay (issue 28, owners and admins): autopay on or off per plan; every member's autopay with its state,
 * next charge and last charge, each cancellable (at the end of the paid period or now); and the report of the charges
 * due in the next 30 days and the failed ones.
 */
export function AutopayStaffPanel() {
  const { t, i18n } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const plans = useAutopayPlans();
  const list = useAutopays();
  const put = usePutAutopayPlan();
  const [cancelling, setCancelling] = useState<Autopay | null>(null);

  let planBody;
  if (plans.isPending) planBody = <LoadingState title={t('payments:autopay.loading')} />;
  else if (plans.isError)
    planBody = <ErrorState error={plans.error} title={t('payments:autopay.error')} onRetry={() => void plans.refetch()} retrying={plans.isFetching} />;
  else if (plans.data.length === 0) planBody = <p className="text-muted">{t('payments:autopay.staff.noPlans')}</p>;
  else
    planBody = (
      <ul className="my-dues__list">
        {plans.data.map((p) => (
          <li key={p.planId} className="my-dues__item">
            <label>
              <input
                type="checkbox"
                role="switch"
                checked={p.enabled}
                aria-checked={p.enabled}
                disabled={put.isPending}
                onChange={(e) =>
                  put.mutate(
                    { planId: p.planId, enabled: e.target.checked },
                    { onError: (err) => toast.error(describe(err, { fallback: t('payments:autopay.staff.switchFailed') })) },
                  )
                }
              />{' '}
              <strong>{p.name}</strong> · {t('payments:autopay.every', { amount: formatRupees2(p.amount), count: p.periodMonths })}
            </label>
          </li>
        ))}
      </ul>
    );

  let listBody;
  if (list.isPending) listBody = <LoadingState title={t('payments:autopay.loading')} />;
  else if (list.isError)
    listBody = <ErrorState error={list.error} title={t('payments:autopay.error')} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  else if (list.data.length === 0) listBody = <p className="text-muted">{t('payments:autopay.staff.empty')}</p>;
  else
    listBody = (
      <div className="table-wrap">
        <table className="table pay-table" data-testid="autopay-table" aria-busy={list.isFetching}>
          <caption className="visually-hidden">{t('payments:autopay.staff.listTitle')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('payments:pending.member')}</th>
              <th scope="col">{t('payments:autopay.staff.plan')}</th>
              <th scope="col">{t('payments:autopay.staff.method')}</th>
              <th scope="col">{t('payments:autopay.staff.state')}</th>
              <th scope="col">{t('payments:autopay.staff.nextCharge')}</th>
              <th scope="col">{t('payments:autopay.staff.lastCharge')}</th>
              <th scope="col" className="table__actions-head">
                {t('payments:table.actions')}
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((a) => (
              <tr key={a._id} data-testid="autopay-row">
                <td data-label={t('payments:pending.member')}>
                  <Link to={`/dashboard/members/${a.memberId}`} className="link cell-strong">
                    {a.memberName}
                  </Link>
                </td>
                <td data-label={t('payments:autopay.staff.plan')}>{a.planName}</td>
                <td data-label={t('payments:autopay.staff.method')}>
                  {a.method ? t(`payments:autopay.method.${a.method}`) : <span className="text-muted">{t('payments:autopay.staff.methodUnknown')}</span>}
                </td>
                <td data-label={t('payments:autopay.staff.state')}>
                  {t(`payments:autopay.status.${a.status}`)}
                  {a.failures > 0 ? ` · ${t('payments:autopay.staff.failures', { count: a.failures })}` : ''}
                  {a.cancelRequested ? ` · ${t(`payments:autopay.staff.cancelRequested.${a.cancelRequested}`)}` : ''}
                </td>
                <td data-label={t('payments:autopay.staff.nextCharge')}>
                  {a.nextChargeDate ? `${formatDate(a.nextChargeDate, i18n.language)} · ${formatRupees2(a.amount)}` : '—'}
                </td>
                <td data-label={t('payments:autopay.staff.lastCharge')}>
                  {a.lastChargeAt && a.lastChargeAmount !== null
                    ? `${formatDate(a.lastChargeAt, i18n.language)} · ${formatRupees2(a.lastChargeAmount)}`
                    : t('payments:autopay.staff.never')}
                </td>
                <td className="table__actions">
                  {cancellable(a) ? (
                    <button
                      type="button"
                      className="btn btn--secondary btn--sm"
                      onClick={() => setCancelling(a)}
                      aria-label={t('payments:autopay.staff.cancelFor', { name: a.memberName })}
                      data-testid="autopay-cancel"
                    >
                      {t('payments:autopay.cancel')}
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <section className="card card--flush" aria-labelledby="autopay-staff-title" data-testid="autopay-staff">
      <h2 id="autopay-staff-title" className="card__title card__title--padded">
        {t('payments:autopay.title')}
      </h2>
      <div className="pay-pad">
        <h3>{t('payments:autopay.staff.plansTitle')}</h3>
        {planBody}
      </div>
      <h3 className="pay-pad">{t('payments:autopay.staff.listTitle')}</h3>
      {listBody}
      <h3 className="pay-pad">{t('payments:autopay.report.title')}</h3>
      <AutopayReport />
      {cancelling ? <AutopayCancelDialog autopay={cancelling} onClose={() => setCancelling(null)} /> : null}
    </section>
  );
}
