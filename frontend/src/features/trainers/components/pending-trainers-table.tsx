import type { Trainer } from '@akhada/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { UserAvatar } from '../../../components/user-avatar';
import { formatDate } from '../../../lib/format';
import { ALL_NS } from '../../../locales/resources';
import { initials } from '../lib/trainer-labels';

/** Trainers who registered with the gym's join code, awaiting approval: Approve, or Refuse (archive). */
export function PendingTrainersTable({
  trainers,
  busyId,
  onApprove,
  onRefuse,
}: {
  trainers: Trainer[];
  busyId: string | null;
  onApprove?: (trainer: Trainer) => void;
  onRefuse?: (trainer: Trainer) => void;
}) {
  const { t, i18n } = useTranslation(ALL_NS);
  return (
    <div className="table-wrap">
      <table className="table trainer-table" data-testid="pending-trainers-table">
        <caption className="visually-hidden">{t('trainers:list.viewPending')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('trainers:columns.trainer')}</th>
            <th scope="col">{t('trainers:columns.specialization')}</th>
            <th scope="col">{t('trainers:columns.joined')}</th>
            <th scope="col" className="table__actions-head">
              {t('trainers:columns.actions')}
            </th>
          </tr>
        </thead>
        <tbody>
          {trainers.map((tr) => (
            <tr key={tr._id} data-testid="pending-trainer-row">
              <th scope="row" className="table__primary">
                <div className="trainer-person">
                  <UserAvatar person={{ ...tr.user, avatarUrl: tr.avatarUrl }} size="md" initials={initials(tr.user.firstName, tr.user.lastName)} />
                  <span className="trainer-person__text">
                    <span className="trainer-person__name">{tr.fullName}</span>
                    <span className="trainer-person__sub">
                      {tr.user.email} · {tr.user.phone}
                    </span>
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
              <td data-label={t('trainers:columns.joined')}>{formatDate(tr.createdAt, i18n.language)}</td>
              <td className="table__actions">
                <Link
                  to={`/dashboard/trainers/${tr._id}`}
                  className="btn btn--secondary btn--sm"
                  aria-label={t('trainers:actions.viewLabel', { name: tr.fullName })}
                >
                  {t('trainers:actions.view')}
                </Link>
                {onApprove ? (
                  <button
                    type="button"
                    className="btn btn--primary btn--sm"
                    onClick={() => onApprove(tr)}
                    disabled={busyId !== null}
                    aria-label={t('trainers:actions.approveLabel', { name: tr.fullName })}
                    data-testid="trainer-approve"
                  >
                    {t('trainers:actions.approve')}
                  </button>
                ) : null}
                {onRefuse ? (
                  <button
                    type="button"
                    className="btn btn--secondary btn--sm"
                    onClick={() => onRefuse(tr)}
                    disabled={busyId !== null}
                    aria-label={t('trainers:actions.refuseLabel', { name: tr.fullName })}
                    data-testid="trainer-refuse"
                  >
                    {t('trainers:actions.refuse')}
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
