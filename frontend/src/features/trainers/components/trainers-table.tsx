import type { Trainer } from '@akhada/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { UserAvatar } from '../../../components/user-avatar';
import { ALL_NS } from '../../../locales/resources';
import { formatRupees, initials } from '../lib/trainer-labels';
import { AvailabilityBadge } from './availability-badge';

/** Trainer, Specialization, Experience, Availability, Clients, Rate, Actions (View, and Assign for those who manage). */
export function TrainersTable({ trainers, busy, onAssign }: { trainers: Trainer[]; busy?: boolean; onAssign?: (trainer: Trainer) => void }) {
  const { t } = useTranslation(ALL_NS);
  return (
    <div className="table-wrap">
      <table className="table trainer-table" data-testid="trainers-table" aria-busy={busy}>
        <caption className="visually-hidden">{t('trainers:list.tableLabel')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('trainers:columns.trainer')}</th>
            <th scope="col">{t('trainers:columns.specialization')}</th>
            <th scope="col">{t('trainers:columns.experience')}</th>
            <th scope="col">{t('trainers:columns.availability')}</th>
            <th scope="col">{t('trainers:columns.clients')}</th>
            <th scope="col">{t('trainers:columns.rate')}</th>
            <th scope="col" className="table__actions-head">
              {t('trainers:columns.actions')}
            </th>
          </tr>
        </thead>
        <tbody>
          {trainers.map((tr) => (
            <tr key={tr._id} data-testid="trainer-row">
              <th scope="row" className="table__primary">
                <div className="trainer-person">
                  <UserAvatar person={{ ...tr.user, avatarUrl: tr.avatarUrl }} size="md" initials={initials(tr.user.firstName, tr.user.lastName)} />
                  <span className="trainer-person__text">
                    <span className="trainer-person__name">{tr.fullName}</span>
                    <span className="trainer-person__sub">{tr.user.email}</span>
                  </span>
                </div>
              </th>
              <td data-label={t('trainers:columns.specialization')}>
                <span className="trainer-tags">
                  {tr.specialization.map((s) => (
                    <span key={s} className="trainer-tag">
                      {t(`trainers:specializations.${s}`)}
                    </span>
                  ))}
                </span>
              </td>
              <td data-label={t('trainers:columns.experience')}>{t('trainers:years', { count: tr.experience })}</td>
              <td data-label={t('trainers:columns.availability')}>
                <AvailabilityBadge status={tr.availabilityStatus} />
              </td>
              <td data-label={t('trainers:columns.clients')} data-testid="trainer-capacity">
                {tr.clientCapacity}
              </td>
              <td data-label={t('trainers:columns.rate')}>{t('trainers:perHour', { rate: formatRupees(tr.hourlyRate) })}</td>
              <td className="table__actions">
                <Link
                  to={`/dashboard/trainers/${tr._id}`}
                  className="btn btn--secondary btn--sm"
                  aria-label={t('trainers:actions.viewLabel', { name: tr.fullName })}
                  data-testid="trainer-view"
                >
                  {t('trainers:actions.view')}
                </Link>
                {onAssign ? (
                  <button
                    type="button"
                    className="btn btn--primary btn--sm"
                    onClick={() => onAssign(tr)}
                    aria-label={t('trainers:actions.assignLabel', { name: tr.fullName })}
                    aria-haspopup="dialog"
                    data-testid="trainer-assign"
                  >
                    {t('trainers:actions.assign')}
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
