import type { DashboardCards, DashboardOverview } from '@akhada/contracts';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '../../../lib/format';
import { ALL_NS } from '../../../locales/resources';

const money = (paise: number | null) => (paise === null ? '—' : formatMoney(paise / 100));
const count = (n: number | null) => (n === null ? '—' : formatNumber(n));

/** Owners: each location's figures beside the "All locations" total. */
export function LocationBreakdown({ overview }: { overview: DashboardOverview }) {
  const { t } = useTranslation(ALL_NS);
  const rows = overview.locations ?? [];
  const cells = (c: DashboardCards) => (
    <>
      <td>{count(c.todaysCheckIns.value)}</td>
      <td>{count(c.activeMembers.value)}</td>
      <td>{money(c.monthlyRevenue.value)}</td>
      <td>{count(c.pendingPayments.value)}</td>
      <td>{count(c.totalTrainers.value)}</td>
    </>
  );
  return (
    <section className="card location-breakdown" aria-labelledby="breakdown-title" data-testid="location-breakdown">
      <h2 id="breakdown-title" className="card__title">
        {t('dashboard:breakdown.title')}
      </h2>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('dashboard:breakdown.location')}</th>
              <th scope="col">{t('dashboard:cards.todaysCheckIns')}</th>
              <th scope="col">{t('dashboard:cards.activeMembers')}</th>
              <th scope="col">{t('dashboard:cards.monthlyRevenue')}</th>
              <th scope="col">{t('dashboard:cards.pendingPayments')}</th>
              <th scope="col">{t('dashboard:cards.totalTrainers')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((l) => (
              <tr key={l.locationId}>
                <th scope="row">{l.name || t('dashboard:breakdown.unnamed')}</th>
                {cells(l.cards)}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('dashboard:breakdown.all')}</th>
              {cells(overview.cards)}
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
