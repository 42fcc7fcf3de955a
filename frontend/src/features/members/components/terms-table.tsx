import type { MembershipTermView } from '@akhada/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../lib/format';
import { ALL_NS } from '../../../locales/resources';

/** The membership's terms, newest first: each renewal is a term with its own dates, fee and payment. */
export function TermsTable({ terms }: { terms: MembershipTermView[] }) {
  const { t, i18n } = useTranslation(ALL_NS);
  if (terms.length === 0) return <p className="text-muted card__pad">{t('members:terms.none')}</p>;
  return (
    <div className="table-wrap">
      <table className="table table--stack" data-testid="terms-table">
        <caption className="visually-hidden">{t('members:terms.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('members:terms.term')}</th>
            <th scope="col">{t('members:terms.type')}</th>
            <th scope="col">{t('members:terms.dates')}</th>
            <th scope="col">{t('members:terms.fee')}</th>
            <th scope="col">{t('members:terms.method')}</th>
            <th scope="col">{t('members:terms.frozen')}</th>
          </tr>
        </thead>
        <tbody>
          {terms.map((term) => (
            <tr key={term.termNo} data-testid="term-row">
              <th scope="row" className="table__primary">
                {t('members:terms.number', { n: term.termNo })}
              </th>
              <td data-label={t('members:terms.type')}>
                {t(`members:types.${term.membershipType}`)} · {t(`members:frequency.${term.paymentFrequency}`)}
              </td>
              <td data-label={t('members:terms.dates')} data-testid="term-dates">
                {t('members:terms.range', { start: formatDate(term.startDate, i18n.language), end: formatDate(term.endDate, i18n.language) })}
              </td>
              <td data-label={t('members:terms.fee')}>{formatMoney(term.fee, { exact: true })}</td>
              <td data-label={t('members:terms.method')}>
                {term.paymentMethod ? t(`members:paymentMethods.${term.paymentMethod}`) : <span className="text-muted">—</span>}
              </td>
              <td data-label={t('members:terms.frozen')}>
                {term.daysFrozen > 0 ? t('members:terms.frozenDays', { count: term.daysFrozen }) : <span className="text-muted">—</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
