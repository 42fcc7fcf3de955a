import type { Member } from '@akhada/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DisabledWithReason } from '../../../components/tooltip';
import { UserAvatar } from '../../../components/user-avatar';
import { useNow } from '../../../lib/use-now';
import { initials } from '../lib/member-labels';
import { MembershipTimeText, useLastVisitText } from './member-labels';
import { StatusBadge } from './status-badge';
import { ALL_NS } from '../../../locales/resources';

/** The members list's table; `onRenew` (staff only) opens the renewal dialog for a row. */
export function MembersTable({ members, busy, onRenew }: { members: Member[]; busy?: boolean; onRenew?: (m: Member) => void }) {
  const { t } = useTranslation(ALL_NS);
  const now = useNow(60_000);
  const lastVisitText = useLastVisitText();
  return (
    <div className="table-wrap">
      <table className="table table--stack" data-testid="members-table" aria-busy={busy}>
        <caption className="visually-hidden">{t('members:list.tableLabel')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('members:columns.member')}</th>
            <th scope="col">{t('members:columns.membership')}</th>
            <th scope="col">{t('members:columns.status')}</th>
            <th scope="col">{t('members:columns.trainer')}</th>
            <th scope="col">{t('members:columns.lastVisit')}</th>
            <th scope="col" className="table__actions-head">
              {t('members:columns.actions')}
            </th>
          </tr>
        </thead>
        <tbody>
          {members.map((m) => (
            <tr key={m._id} data-testid="member-row">
              <th scope="row" className="table__primary">
                <div className="person">
                  <UserAvatar person={{ ...m.user, avatarUrl: m.avatarUrl }} size="md" initials={initials(m.user.firstName, m.user.lastName)} />
                  <span className="person__text">
                    <span className="person__name">{m.fullName}</span>
                    <span className="person__sub">{m.user.email}</span>
                  </span>
                </div>
              </th>
              <td data-label={t('members:columns.membership')}>
                <span className="cell-stack">
                  <span className="cell-strong">{t(`members:types.${m.membershipType}`)}</span>
                  <span className="cell-sub">
                    {m.membershipStatus === 'pending' ? t('members:awaiting.short') : <MembershipTimeText daysRemaining={m.daysRemaining} />}
                  </span>
                </span>
              </td>
              <td data-label={t('members:columns.status')}>
                <StatusBadge status={m.membershipStatus} />
              </td>
              <td data-label={t('members:columns.trainer')}>
                {m.trainer ? `${m.trainer.user.firstName} ${m.trainer.user.lastName}` : <span className="text-muted">{t('members:trainerNone')}</span>}
              </td>
              <td data-label={t('members:columns.lastVisit')}>{lastVisitText(m.lastCheckIn, now)}</td>
              <td className="table__actions">
                <Link
                  to={`/dashboard/members/${m._id}`}
                  className="btn btn--secondary btn--sm"
                  aria-label={t('members:actions.viewLabel', { name: m.fullName })}
                  data-testid="member-view"
                >
                  {t('members:actions.view')}
                </Link>
                {onRenew ? (
                  m.membershipStatus === 'frozen' ? (
                    <DisabledWithReason
                      label={t('members:actions.renew')}
                      ariaLabel={t('members:actions.renewLabel', { name: m.fullName })}
                      reason={t('members:actions.renewFrozen')}
                      testId="member-renew"
                    />
                  ) : m.membershipStatus === 'pending' ? (
                    <button
                      type="button"
                      className="btn btn--primary btn--sm"
                      onClick={() => onRenew(m)}
                      aria-label={t('members:awaiting.startLabel', { name: m.fullName })}
                      data-testid="member-start"
                    >
                      {t('members:awaiting.start')}
                    </button>
                  ) : (
                    <button
                      type="button"
                      className="btn btn--secondary btn--sm"
                      onClick={() => onRenew(m)}
                      aria-label={t('members:actions.renewLabel', { name: m.fullName })}
                      data-testid="member-renew"
                    >
                      {t('members:actions.renew')}
                    </button>
                  )
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
