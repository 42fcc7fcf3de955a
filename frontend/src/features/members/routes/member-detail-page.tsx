import type { Member } from '@akhada/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { z } from 'zod';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { CalendarCheckIcon } from '../../../components/icons/calendar-check';
import { MailIcon } from '../../../components/icons/mail';
import { PhoneIcon } from '../../../components/icons/phone';
import { StarIcon } from '../../../components/icons/star';
import { UsersIcon } from '../../../components/icons/users';
import { WalletIcon } from '../../../components/icons/wallet';
import { LoadingState } from '../../../components/spinner';
import { TabList, TabPanel } from '../../../components/tabs';
import { DisabledWithReason } from '../../../components/tooltip';
import { isNotFoundError } from '../../../lib/api-error';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useNow } from '../../../lib/use-now';
import { useMember } from '../api/get-member';
import { MembershipTimeText, useLastVisitText } from '../components/member-labels';
import { StatusBadge } from '../components/status-badge';
import { initials } from '../lib/member-labels';
import '../members.css';
import { ALL_NS } from '../../../locales/resources';

const TABS = ['overview', 'attendance', 'payments', 'progress'] as const;
type Tab = (typeof TABS)[number];
const MemberId = z.uuid();

export function MemberDetailPage() {
  const { t } = useTranslation(ALL_NS);
  const { id = '' } = useParams();
  const validId = MemberId.safeParse(id).success;
  const query = useMember(id, validId);
  useDocumentTitle(query.data?.fullName ?? t('members:detail.pageTitle'));

  const back = (
    <Link to="/dashboard/members" className="back-link" data-testid="back-to-members">
      {t('members:detail.back')}
    </Link>
  );

  let body: ReactNode;
  if (!validId || (query.isError && isNotFoundError(query.error))) {
    body = (
      <EmptyState
        icon={<UsersIcon size={28} />}
        title={t('members:detail.notFound')}
        hint={t('members:detail.notFoundHint')}
        action={
          <Link to="/dashboard/members" className="btn btn--secondary">
            {t('members:detail.back')}
          </Link>
        }
      />
    );
  } else if (query.isPending) {
    body = <LoadingState title={t('members:detail.loading')} />;
  } else if (query.isError) {
    body = <ErrorState error={query.error} title={t('members:detail.errorTitle')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  } else {
    body = <MemberDetail member={query.data} />;
  }

  return (
    <div className="page member-detail">
      {back}
      {body}
    </div>
  );
}

function MemberDetail({ member: m }: { member: Member }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const [tab, setTab] = useState<Tab>('overview');
  const now = useNow(60_000);
  const lastVisitText = useLastVisitText();
  const lang = i18n.language;
  const notProvided = <span className="text-muted">{t('common:notProvided')}</span>;

  return (
    <>
      <section className="card member-header" aria-labelledby="member-name">
        <span className="avatar avatar--lg" aria-hidden="true">
          {initials(m.user.firstName, m.user.lastName)}
        </span>
        <div className="member-header__main">
          <div className="member-header__title">
            <h1 id="member-name" className="member-header__name">
              {m.fullName}
            </h1>
            <StatusBadge status={m.membershipStatus} />
          </div>
          <ul className="member-header__facts">
            <li>
              <MailIcon size={16} />
              <a href={`mailto:${m.user.email}`} className="link">
                {m.user.email}
              </a>
            </li>
            <li>
              <PhoneIcon size={16} />
              <a href={`tel:${m.user.phone.replace(/[^\d+]/g, '')}`} className="link">
                {m.user.phone}
              </a>
            </li>
            <li>
              <StarIcon size={16} />
              {t(`members:types.${m.membershipType}`)}
            </li>
            <li>
              <CalendarCheckIcon size={16} />
              <MembershipTimeText daysRemaining={m.daysRemaining} />
            </li>
          </ul>
        </div>
        <div className="member-header__actions">
          <DisabledWithReason label={t('members:detail.editProfile')} reason={t('members:detail.editUnavailable')} className="btn btn--secondary" />
          <DisabledWithReason label={t('members:detail.renew')} reason={t('members:actions.renewUnavailable')} className="btn btn--primary" />
        </div>
      </section>

      <TabList
        label={t('members:detail.tabsLabel')}
        idPrefix="member"
        active={tab}
        onChange={setTab}
        tabs={TABS.map((key) => ({ key, label: t(`members:detail.tabs.${key}`), testId: `member-tab-${key}` }))}
      />

      <TabPanel idPrefix="member" tabKey={tab}>
        {tab === 'overview' ? (
          <div className="detail-grid">
            <section className="card" aria-labelledby="member-personal">
              <h2 id="member-personal" className="card__title">
                {t('members:detail.personal')}
              </h2>
              <dl className="facts">
                <div>
                  <dt>{t('members:detail.dateOfBirth')}</dt>
                  <dd>{m.dateOfBirth ? formatDate(m.dateOfBirth, lang) : notProvided}</dd>
                </div>
                <div>
                  <dt>{t('members:detail.gender')}</dt>
                  <dd>{m.gender ? t(`members:detail.genders.${m.gender}`) : notProvided}</dd>
                </div>
                <div>
                  <dt>{t('members:detail.totalWorkouts')}</dt>
                  <dd>{formatNumber(m.totalWorkouts)}</dd>
                </div>
                <div>
                  <dt>{t('members:detail.lastVisit')}</dt>
                  <dd>{lastVisitText(m.lastCheckIn, now)}</dd>
                </div>
              </dl>
            </section>
            <section className="card" aria-labelledby="member-membership">
              <h2 id="member-membership" className="card__title">
                {t('members:detail.membership')}
              </h2>
              <dl className="facts">
                <div>
                  <dt>{t('members:detail.membershipType')}</dt>
                  <dd>
                    {t(`members:types.${m.membershipType}`)} · {t(`members:frequency.${m.paymentFrequency}`)}
                  </dd>
                </div>
                <div>
                  <dt>{t('members:detail.startDate')}</dt>
                  <dd>{formatDate(m.membershipStartDate, lang)}</dd>
                </div>
                <div>
                  <dt>{t('members:detail.endDate')}</dt>
                  <dd>{formatDate(m.membershipEndDate, lang)}</dd>
                </div>
                <div>
                  <dt>{t(`members:detail.fee.${m.paymentFrequency}`)}</dt>
                  <dd>{formatMoney(m.membershipFee, { exact: true })}</dd>
                </div>
                <div>
                  <dt>{t('members:detail.trainer')}</dt>
                  <dd>
                    {m.trainer ? `${m.trainer.user.firstName} ${m.trainer.user.lastName}` : <span className="text-muted">{t('members:trainerNone')}</span>}
                  </dd>
                </div>
              </dl>
            </section>
          </div>
        ) : tab === 'attendance' ? (
          <div className="card">
            <EmptyState icon={<CalendarCheckIcon size={28} />} title={t('members:detail.emptyAttendance')} hint={t('members:detail.emptyAttendanceHint')} />
          </div>
        ) : tab === 'payments' ? (
          <div className="card">
            <EmptyState icon={<WalletIcon size={28} />} title={t('members:detail.emptyPayments')} hint={t('members:detail.emptyPaymentsHint')} />
          </div>
        ) : (
          <div className="card">
            <EmptyState icon={<StarIcon size={28} />} title={t('members:detail.emptyProgress')} hint={t('members:detail.emptyProgressHint')} />
          </div>
        )}
      </TabPanel>
    </>
  );
}
