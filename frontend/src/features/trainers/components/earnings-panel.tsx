import type { Trainer } from '@akhada/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { WalletIcon } from '../../../components/icons/wallet';
import { LoadingState } from '../../../components/spinner';
import { formatNumber } from '../../../lib/format';
import { ALL_NS } from '../../../locales/resources';
import { useTrainerEarnings } from '../api/get-trainer-earnings';
import { formatRupees } from '../lib/trainer-labels';
import { monthRangeIn } from '../lib/zoned-time';

/**
 * What the trainer earned between two dates (this month by default), from payments. Until the payments service
 * records trainer payments the server says so (sourceAvailable false) and this says it plainly: no invented figures.
 */
export function EarningsPanel({ trainer, timezone }: { trainer: Trainer; timezone: string }) {
  const { t } = useTranslation(ALL_NS);
  const [range, setRange] = useState(() => monthRangeIn(timezone));
  const [draft, setDraft] = useState(range);
  const [rangeError, setRangeError] = useState(false);
  const query = useTrainerEarnings(trainer._id, range.startDate, range.endDate);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!draft.startDate || !draft.endDate || draft.startDate > draft.endDate) {
      setRangeError(true);
      return;
    }
    setRangeError(false);
    setRange(draft);
  };

  let body;
  if (query.isPending) body = <LoadingState title={t('trainers:earnings.loading')} />;
  else if (query.isError)
    body = <ErrorState error={query.error} title={t('trainers:earnings.errorTitle')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (!query.data.sourceAvailable)
    body = (
      <div data-testid="earnings-not-yet">
        <EmptyState icon={<WalletIcon size={28} />} title={t('trainers:earnings.notYet')} />
      </div>
    );
  else {
    const e = query.data;
    body = (
      <div className="trainer-stack" aria-busy={query.isFetching}>
        <dl className="trainer-figures">
          <div>
            <dt>{t('trainers:earnings.total')}</dt>
            <dd data-testid="earnings-total">{formatRupees(e.total)}</dd>
          </div>
          <div>
            <dt>{t('trainers:earnings.sessions')}</dt>
            <dd>{formatNumber(e.sessions)}</dd>
          </div>
        </dl>
        {e.byType.length === 0 ? (
          <EmptyState icon={<WalletIcon size={28} />} title={t('trainers:earnings.none')} />
        ) : (
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">{t('trainers:earnings.byType')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('trainers:earnings.type')}</th>
                  <th scope="col">{t('trainers:earnings.count')}</th>
                  <th scope="col">{t('trainers:earnings.amount')}</th>
                </tr>
              </thead>
              <tbody>
                {e.byType.map((row) => (
                  <tr key={row.type}>
                    <th scope="row">{row.type.replace(/_/g, ' ')}</th>
                    <td>{formatNumber(row.count)}</td>
                    <td>{formatRupees(row.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    );
  }

  return (
    <section className="card" aria-label={t('trainers:detail.tabs.earnings')}>
      <form className="trainer-range" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor="earnings-from">
            {t('trainers:earnings.from')}
          </label>
          <input
            id="earnings-from"
            type="date"
            className="input"
            value={draft.startDate}
            onChange={(e) => setDraft((d) => ({ ...d, startDate: e.target.value }))}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="earnings-to">
            {t('trainers:earnings.to')}
          </label>
          <input id="earnings-to" type="date" className="input" value={draft.endDate} onChange={(e) => setDraft((d) => ({ ...d, endDate: e.target.value }))} />
        </div>
        <button type="submit" className="btn btn--secondary">
          {t('trainers:earnings.show')}
        </button>
        {rangeError ? (
          <p className="field__error trainer-wide" role="alert">
            {t('trainers:earnings.rangeInvalid')}
          </p>
        ) : null}
      </form>
      {body}
    </section>
  );
}
