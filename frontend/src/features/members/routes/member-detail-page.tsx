import type { Member, MembershipTermView } from '@akhada/contracts';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { z } from 'zod';
import { MarketingConsentCard } from '../../../components/marketing-consent-card';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { CalendarCheckIcon } from '../../../components/icons/calendar-check';
import { MailIcon } from '../../../components/icons/mail';
import { PhoneIcon } from '../../../components/icons/phone';
import { StarIcon } from '../../../components/icons/star';
import { UserIcon } from '../../../components/icons/user';
import { UsersIcon } from '../../../components/icons/users';
import { LoadingState } from '../../../components/spinner';
import { MemberPaymentsSection } from '../../../components/payments-list';
import { TabList, TabPanel } from '../../../components/tabs';
import { useToast } from '../../../components/toast';
import { DisabledWithReason } from '../../../components/tooltip';
import { UserAvatar } from '../../../components/user-avatar';
import { isNotFoundError } from '../../../lib/api-error';
import { useUser } from '../../../lib/auth/session';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';
import { useErrorText } from '../../../lib/use-error-text';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useNow } from '../../../lib/use-now';
import { ALL_NS } from '../../../locales/resources';
import { useArchiveMember } from '../api/archive-member';
import { useCancelMembership } from '../api/cancel-membership';
import { useDeleteMeasurement } from '../api/delete-measurement';
import { useFreezeMember } from '../api/freeze-member';
import { useMember } from '../api/get-member';
import { useMeasurements } from '../api/get-measurements';
import { useRecordMeasurement } from '../api/record-measurement';
import { useResendInvitation } from '../api/resend-invitation';
import { useUnassignTrainer } from '../api/unassign-trainer';
import { useUnfreezeMember } from '../api/unfreeze-member';
import { ConfirmActionDialog } from '../components/confirm-action-dialog';
import { MembershipTimeText, useLastVisitText } from '../components/member-labels';
import { ProgressPanel } from '../components/progress-panel';
import { MemberVisits } from '../../../components/member-visits';
import { StatusBadge } from '../components/status-badge';
import { TermsTable } from '../components/terms-table';
import { initials } from '../lib/member-labels';
import '../members.css';

// The dialogs (and the form library) load when first opened.
const RenewDialog = lazy(async () => ({ default: (await import('../components/renew-dialog')).RenewDialog }));
const EditProfileDialog = lazy(async () => ({ default: (await import('../components/edit-profile-dialog')).EditProfileDialog }));
const AssignTrainerDialog = lazy(async () => ({ default: (await import('../components/assign-trainer-dialog')).AssignTrainerDialog }));

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

/**
 * What the screen renders: a member, with their terms when the detail has them. Typed wider than the detail route's
 * answer on purpose: whatever the cache holds for this member (a list row, a command's answer) must render, not crash;
 * the terms then show as loading until the detail arrives.
 */
type ShownMember = Member & { terms?: MembershipTermView[] };

type Dialog = 'edit' | 'renew' | 'assign' | 'unassign' | 'freeze' | 'unfreeze' | 'cancel' | 'archive' | null;

function MemberDetail({ member: m }: { member: ShownMember }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const user = useUser();
  const toast = useToast();
  const { describe } = useErrorText();
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('overview');
  const [dialog, setDialog] = useState<Dialog>(null);
  // Each lazily loaded dialog stays mounted once opened, so it can close (and open again) in place.
  const [opened, setOpened] = useState<Set<Dialog>>(new Set());
  const open = (d: Dialog) => {
    setOpened((s) => new Set(s).add(d));
    setDialog(d);
  };
  const close = () => setDialog(null);
  const now = useNow(60_000);
  const lastVisitText = useLastVisitText();
  const lang = i18n.language;
  const staff = user.role === 'owner' || user.role === 'admin';
  const timeZone = user.locations.find((l) => l._id === m.locationId)?.timezone;
  const notProvided = <span className="text-muted">{t('common:notProvided')}</span>;
  const pending = m.membershipStatus === 'pending';

  const freeze = useFreezeMember();
  const unfreeze = useUnfreezeMember();
  const cancel = useCancelMembership();
  const archive = useArchiveMember();
  const unassign = useUnassignTrainer();
  const resend = useResendInvitation();
  const measurements = useMeasurements(m._id);
  const record = useRecordMeasurement(m._id);
  const removeMeasurement = useDeleteMeasurement(m._id);
  const trainerName = m.trainer ? `${m.trainer.user.firstName} ${m.trainer.user.lastName}` : null;

  const resendNow = () => {
    if (resend.isPending) return;
    resend.mutate(m._id, {
      onSuccess: () => toast.success(t('members:invite.sent', { email: m.user.email })),
      onError: (error) => toast.error(describe(error, { fallback: t('members:invite.failed') })),
    });
  };

  return (
    <>
      <section className="card member-header" aria-labelledby="member-name">
        <UserAvatar person={{ ...m.user, avatarUrl: m.avatarUrl }} size="lg" initials={initials(m.user.firstName, m.user.lastName)} />
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
              <a href={`tel:${m.user.phone.replace(/[^\d+]/g, '')}`} className="link" data-testid="member-phone">
                {m.user.phone}
              </a>
            </li>
            <li>
              <StarIcon size={16} />
              {t(`members:types.${m.membershipType}`)}
            </li>
            <li data-testid="member-days">
              <CalendarCheckIcon size={16} />
              {pending ? t('members:awaiting.short') : <MembershipTimeText daysRemaining={m.daysRemaining} />}
            </li>
            {staff ? (
              <li data-testid="member-account">
                <UserIcon size={16} />
                {t(`members:account.${m.accountStatus}`)}
              </li>
            ) : null}
          </ul>
        </div>
        {staff ? (
          <div className="member-header__actions">
            <button type="button" className="btn btn--secondary" onClick={() => open('edit')} data-testid="member-edit">
              {t('members:detail.editProfile')}
            </button>
            {m.membershipStatus === 'frozen' ? (
              <DisabledWithReason
                label={t('members:detail.renew')}
                reason={t('members:actions.renewFrozen')}
                className="btn btn--primary"
                testId="member-renew"
              />
            ) : (
              <button type="button" className="btn btn--primary" onClick={() => open('renew')} data-testid="member-renew">
                {pending ? t('members:awaiting.start') : t('members:detail.renew')}
              </button>
            )}
          </div>
        ) : null}
      </section>

      {staff ? (
        <div className="member-toolbar" role="group" aria-label={t('members:detail.moreActions')}>
          <button type="button" className="btn btn--secondary btn--sm" onClick={() => open('assign')} data-testid="member-assign">
            {m.trainer ? t('members:detail.changeTrainer') : t('members:detail.assignTrainer')}
          </button>
          {m.trainer ? (
            <button type="button" className="btn btn--secondary btn--sm" onClick={() => open('unassign')} data-testid="member-unassign">
              {t('members:detail.unassignTrainer')}
            </button>
          ) : null}
          {m.membershipStatus === 'active' ? (
            <button type="button" className="btn btn--secondary btn--sm" onClick={() => open('freeze')} data-testid="member-freeze">
              {t('members:detail.freeze')}
            </button>
          ) : null}
          {m.membershipStatus === 'frozen' ? (
            <button type="button" className="btn btn--secondary btn--sm" onClick={() => open('unfreeze')} data-testid="member-unfreeze">
              {t('members:detail.unfreeze')}
            </button>
          ) : null}
          {m.accountStatus === 'invited' || m.accountStatus === 'failed' ? (
            <button type="button" className="btn btn--secondary btn--sm" onClick={resendNow} disabled={resend.isPending} data-testid="member-resend">
              {resend.isPending ? t('members:invite.sending') : t('members:invite.resend')}
            </button>
          ) : null}
          {m.membershipStatus === 'active' || m.membershipStatus === 'frozen' ? (
            <button type="button" className="btn btn--secondary btn--sm" onClick={() => open('cancel')} data-testid="member-cancel">
              {t('members:detail.cancelMembership')}
            </button>
          ) : null}
          <button type="button" className="btn btn--danger-outline btn--sm" onClick={() => open('archive')} data-testid="member-archive">
            {t('members:detail.archive')}
          </button>
        </div>
      ) : null}

      <TabList
        label={t('members:detail.tabsLabel')}
        idPrefix="member"
        active={tab}
        onChange={setTab}
        tabs={TABS.map((key) => ({ key, label: t(`members:detail.tabs.${key}`), testId: `member-tab-${key}` }))}
      />

      <TabPanel idPrefix="member" tabKey={tab}>
        {tab === 'overview' ? (
          <div className="detail-stack">
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
                  {m.acquisitionSource ? (
                    <div>
                      <dt>{t('members:detail.acquisitionSource')}</dt>
                      <dd data-testid="member-acquisition-source">{t(`members:acquisitionSource.${m.acquisitionSource}`)}</dd>
                    </div>
                  ) : null}
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
                {pending ? <p className="text-muted">{t('members:awaiting.hint')}</p> : null}
                <dl className="facts">
                  {pending ? null : (
                    <>
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
                        <dd data-testid="member-end-date">{formatDate(m.membershipEndDate, lang)}</dd>
                      </div>
                      <div>
                        <dt>{t(`members:detail.fee.${m.paymentFrequency}`)}</dt>
                        <dd>{formatMoney(m.membershipFee, { exact: true })}</dd>
                      </div>
                      {m.frozenFrom ? (
                        <div>
                          <dt>{t('members:detail.frozenFrom')}</dt>
                          <dd>{formatDate(m.frozenFrom, lang)}</dd>
                        </div>
                      ) : null}
                    </>
                  )}
                  <div>
                    <dt>{t('members:detail.trainer')}</dt>
                    <dd data-testid="member-trainer">{trainerName ?? <span className="text-muted">{t('members:trainerNone')}</span>}</dd>
                  </div>
                </dl>
              </section>
            </div>
            <MarketingConsentCard personId={m._id} />
            <section className="card card--flush" aria-labelledby="member-terms">
              <h2 id="member-terms" className="card__title card__title--padded">
                {t('members:terms.title')}
              </h2>
              {m.terms ? <TermsTable terms={m.terms} /> : <LoadingState title={t('members:detail.loading')} />}
            </section>
          </div>
        ) : tab === 'attendance' ? (
          <div className="card card--flush">
            <MemberVisits memberId={m._id} />
          </div>
        ) : tab === 'payments' ? (
          <div className="card" data-testid="member-payments">
            <MemberPaymentsSection memberId={m._id} staff={staff} />
          </div>
        ) : (
          <ProgressPanel query={measurements} record={record} remove={staff ? removeMeasurement : undefined} timeZone={timeZone} />
        )}
      </TabPanel>

      {staff ? (
        <>
          <Suspense fallback={null}>
            {opened.has('renew') ? <RenewDialog member={m} timeZone={timeZone} open={dialog === 'renew'} onClose={close} /> : null}
            {opened.has('edit') ? <EditProfileDialog member={m} open={dialog === 'edit'} onClose={close} /> : null}
            {opened.has('assign') ? <AssignTrainerDialog member={m} open={dialog === 'assign'} onClose={close} /> : null}
          </Suspense>
          <ConfirmActionDialog
            open={dialog === 'unassign'}
            onClose={close}
            title={t('members:confirm.unassign.title')}
            message={t('members:confirm.unassign.message', { name: m.fullName, trainer: trainerName ?? '' })}
            confirmLabel={t('members:confirm.unassign.confirm')}
            busyLabel={t('members:confirm.working')}
            failed={t('members:confirm.unassign.failed')}
            action={unassign}
            run={m._id}
            onDone={() => {
              toast.success(t('members:confirm.unassign.done', { name: m.fullName }));
              close();
            }}
            testId="unassign-dialog"
          />
          <ConfirmActionDialog
            open={dialog === 'freeze'}
            onClose={close}
            title={t('members:confirm.freeze.title')}
            message={t('members:confirm.freeze.message', { name: m.fullName })}
            confirmLabel={t('members:confirm.freeze.confirm')}
            busyLabel={t('members:confirm.working')}
            failed={t('members:confirm.freeze.failed')}
            action={freeze}
            run={m._id}
            onDone={() => {
              toast.success(t('members:confirm.freeze.done', { name: m.fullName }));
              close();
            }}
            testId="freeze-dialog"
          />
          <ConfirmActionDialog
            open={dialog === 'unfreeze'}
            onClose={close}
            title={t('members:confirm.unfreeze.title')}
            message={t('members:confirm.unfreeze.message', { name: m.fullName })}
            confirmLabel={t('members:confirm.unfreeze.confirm')}
            busyLabel={t('members:confirm.working')}
            failed={t('members:confirm.unfreeze.failed')}
            action={unfreeze}
            run={m._id}
            onDone={(res) => {
              toast.success(t('members:confirm.unfreeze.done', { name: m.fullName, date: formatDate(res.membershipEndDate, lang) }));
              close();
            }}
            testId="unfreeze-dialog"
          />
          <ConfirmActionDialog
            open={dialog === 'cancel'}
            onClose={close}
            title={t('members:confirm.cancel.title')}
            message={t('members:confirm.cancel.message', { name: m.fullName })}
            confirmLabel={t('members:confirm.cancel.confirm')}
            busyLabel={t('members:confirm.working')}
            failed={t('members:confirm.cancel.failed')}
            danger
            action={cancel}
            run={m._id}
            onDone={() => {
              toast.success(t('members:confirm.cancel.done', { name: m.fullName }));
              close();
            }}
            testId="cancel-dialog"
          />
          <ConfirmActionDialog
            open={dialog === 'archive'}
            onClose={close}
            title={t('members:confirm.archive.title')}
            message={t('members:confirm.archive.message', { name: m.fullName })}
            confirmLabel={t('members:confirm.archive.confirm')}
            busyLabel={t('members:confirm.working')}
            failed={t('members:confirm.archive.failed')}
            danger
            action={archive}
            run={m._id}
            onDone={() => {
              toast.success(t('members:confirm.archive.done', { name: m.fullName }));
              close();
              void navigate('/dashboard/members');
            }}
            testId="archive-dialog"
          />
        </>
      ) : null}
    </>
  );
}
