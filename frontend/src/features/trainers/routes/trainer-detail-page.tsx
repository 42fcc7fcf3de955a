import type { Trainer } from '@akhada/contracts';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { z } from 'zod';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { DumbbellIcon } from '../../../components/icons/dumbbell';
import { MailIcon } from '../../../components/icons/mail';
import { PhoneIcon } from '../../../components/icons/phone';
import { StarIcon } from '../../../components/icons/star';
import { UsersIcon } from '../../../components/icons/users';
import { LoadingState } from '../../../components/spinner';
import { TabList, TabPanel } from '../../../components/tabs';
import { useToast } from '../../../components/toast';
import { UserAvatar } from '../../../components/user-avatar';
import { isNotFoundError } from '../../../lib/api-error';
import { useUser } from '../../../lib/auth/session';
import { formatDate } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useTrainer } from '../api/get-trainer';
import { useApproveTrainer, useArchiveTrainer, useResendTrainerInvitation } from '../api/trainer-mutations';
import { AvailabilityBadge } from '../components/availability-badge';
import { CertificationsPanel } from '../components/certifications-panel';
import { ClientsPanel } from '../components/clients-panel';
import { ConfirmDialog } from '../components/confirm-dialog';
import { EarningsPanel } from '../components/earnings-panel';
import { TrainerPaymentsSection } from '../../../components/payments-list';
import { SchedulePanel } from '../components/schedule-panel';
import { canManageTrainers, formatRupees, initials } from '../lib/trainer-labels';
import '../trainers.css';

const EditTrainerDialog = lazy(async () => ({ default: (await import('../components/edit-trainer-dialog')).EditTrainerDialog }));
const AssignDialog = lazy(async () => ({ default: (await import('../components/assign-dialog')).AssignDialog }));

const TABS = ['overview', 'members', 'certifications', 'schedule', 'earnings'] as const;
type Tab = (typeof TABS)[number];
const TrainerId = z.uuid();

export function TrainerDetailPage() {
  const { t } = useTranslation(ALL_NS);
  const { id = '' } = useParams();
  const validId = TrainerId.safeParse(id).success;
  const query = useTrainer(id, validId);
  useDocumentTitle(query.data?.fullName ?? t('trainers:detail.pageTitle'));

  let body: ReactNode;
  if (!validId || (query.isError && isNotFoundError(query.error))) {
    body = (
      <div className="card">
        <EmptyState
          icon={<DumbbellIcon size={28} />}
          title={t('trainers:detail.notFound')}
          hint={t('trainers:detail.notFoundHint')}
          action={
            <Link to="/dashboard/trainers" className="btn btn--secondary">
              {t('trainers:detail.back')}
            </Link>
          }
        />
      </div>
    );
  } else if (query.isPending) {
    body = <LoadingState title={t('trainers:detail.loading')} />;
  } else if (query.isError) {
    body = (
      <div className="card">
        <ErrorState error={query.error} title={t('trainers:detail.errorTitle')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </div>
    );
  } else {
    body = <TrainerDetail trainer={query.data} />;
  }

  return (
    <div className="page trainer-detail">
      <Link to="/dashboard/trainers" className="back-link" data-testid="back-to-trainers">
        {t('trainers:detail.back')}
      </Link>
      {body}
    </div>
  );
}

function TrainerDetail({ trainer: tr }: { trainer: Trainer }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const user = useUser();
  const manage = canManageTrainers(user.role);
  const self = user._id === tr._id;
  const [tab, setTab] = useState<Tab>('overview');
  const [editing, setEditing] = useState(false);
  const [archiving, setArchiving] = useState(false);
  const [assigning, setAssigning] = useState(false);
  const location = user.locations.find((l) => l._id === tr.locationId);
  const timezone = location?.timezone ?? 'Asia/Kolkata';
  const lang = i18n.language;

  return (
    <>
      <TrainerHeader
        trainer={tr}
        manage={manage}
        onEdit={() => setEditing(true)}
        onArchive={() => setArchiving(true)}
        onAssign={tr.status === 'active' ? () => setAssigning(true) : undefined}
      />

      <TabList
        label={t('trainers:detail.tabsLabel')}
        idPrefix="trainer"
        active={tab}
        onChange={setTab}
        tabs={TABS.map((key) => ({ key, label: t(`trainers:detail.tabs.${key}`), testId: `trainer-tab-${key}` }))}
      />

      <TabPanel idPrefix="trainer" tabKey={tab}>
        {tab === 'overview' ? (
          <div className="trainer-detail-grid">
            <section className="card" aria-labelledby="trainer-contact">
              <h2 id="trainer-contact" className="card__title">
                {t('trainers:detail.contact')}
              </h2>
              <dl className="facts">
                <div>
                  <dt>{t('trainers:detail.email')}</dt>
                  <dd>
                    <a href={`mailto:${tr.user.email}`} className="link">
                      {tr.user.email}
                    </a>
                  </dd>
                </div>
                <div>
                  <dt>{t('trainers:detail.phone')}</dt>
                  <dd>
                    <a href={`tel:${tr.user.phone.replace(/[^\d+]/g, '')}`} className="link">
                      {tr.user.phone}
                    </a>
                  </dd>
                </div>
                {tr.user.dateOfBirth ? (
                  <div>
                    <dt>{t('trainers:detail.dateOfBirth')}</dt>
                    <dd>{formatDate(tr.user.dateOfBirth, lang)}</dd>
                  </div>
                ) : null}
                {tr.user.gender ? (
                  <div>
                    <dt>{t('trainers:detail.gender')}</dt>
                    <dd>{t(`trainers:detail.genders.${tr.user.gender}`)}</dd>
                  </div>
                ) : null}
                <div>
                  <dt>{t('trainers:detail.joined')}</dt>
                  <dd>{formatDate(tr.createdAt, lang)}</dd>
                </div>
              </dl>
            </section>
            <section className="card" aria-labelledby="trainer-professional">
              <h2 id="trainer-professional" className="card__title">
                {t('trainers:detail.professional')}
              </h2>
              <dl className="facts">
                <div>
                  <dt>{t('trainers:detail.specializations')}</dt>
                  <dd>
                    <span className="trainer-tags">
                      {tr.specialization.map((s) => (
                        <span key={s} className="trainer-tag">
                          {t(`trainers:specializations.${s}`)}
                        </span>
                      ))}
                    </span>
                  </dd>
                </div>
                <div>
                  <dt>{t('trainers:detail.experience')}</dt>
                  <dd>{t('trainers:years', { count: tr.experience })}</dd>
                </div>
                <div>
                  <dt>{t('trainers:detail.rate')}</dt>
                  <dd>{t('trainers:perHour', { rate: formatRupees(tr.hourlyRate) })}</dd>
                </div>
                <div>
                  <dt>{t('trainers:detail.maxClients')}</dt>
                  <dd>{tr.maxClients}</dd>
                </div>
              </dl>
            </section>
            <section className="card trainer-wide" aria-labelledby="trainer-bio">
              <h2 id="trainer-bio" className="card__title">
                {t('trainers:detail.bio')}
              </h2>
              {tr.bio ? <p className="trainer-bio">{tr.bio}</p> : <p className="text-muted">{t('trainers:detail.noBio')}</p>}
            </section>
          </div>
        ) : tab === 'members' ? (
          <ClientsPanel trainer={tr} manage={manage} self={self} />
        ) : tab === 'certifications' ? (
          <CertificationsPanel trainer={tr} editable={manage || self} />
        ) : tab === 'schedule' ? (
          <SchedulePanel trainer={tr} editable={manage || self} />
        ) : (
          <>
            <EarningsPanel trainer={tr} timezone={timezone} />
            {manage || self ? (
              <section className="card" aria-labelledby="trainer-payments-title" data-testid="trainer-payments">
                <h2 id="trainer-payments-title" className="card__title">
                  {t('payments:trainerPayments.title')}
                </h2>
                <TrainerPaymentsSection trainerId={tr._id} staff={manage} />
              </section>
            ) : null}
          </>
        )}
      </TabPanel>

      {manage && editing ? (
        <Suspense fallback={null}>
          <EditTrainerDialog trainer={tr} open={editing} onClose={() => setEditing(false)} />
        </Suspense>
      ) : null}
      {manage && assigning ? (
        <Suspense fallback={null}>
          <AssignDialog trainer={tr} location={location} onClose={() => setAssigning(false)} />
        </Suspense>
      ) : null}
      {manage ? <ArchiveDialog trainer={tr} open={archiving} onClose={() => setArchiving(false)} /> : null}
    </>
  );
}

function TrainerHeader({
  trainer: tr,
  manage,
  onEdit,
  onArchive,
  onAssign,
}: {
  trainer: Trainer;
  manage: boolean;
  onEdit: () => void;
  onArchive: () => void;
  onAssign?: () => void;
}) {
  const { t } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const resend = useResendTrainerInvitation();
  const approve = useApproveTrainer();
  const onResend = () =>
    resend.mutate(tr._id, {
      onSuccess: () => toast.success(t('trainers:account.resent', { email: tr.user.email })),
      onError: (e) => toast.error(describe(e, { fallback: t('trainers:account.resendFailed') })),
    });
  const onApprove = () =>
    approve.mutate(tr._id, {
      onSuccess: () => toast.success(t('trainers:actions.approved', { name: tr.fullName })),
      onError: (e) => toast.error(describe(e, { fallback: t('trainers:actions.approveFailed') })),
    });
  const pending = tr.status === 'pending';

  return (
    <section className="card trainer-header" aria-labelledby="trainer-name">
      <UserAvatar person={{ ...tr.user, avatarUrl: tr.avatarUrl }} size="lg" initials={initials(tr.user.firstName, tr.user.lastName)} />
      <div className="trainer-header__main">
        <div className="trainer-header__title">
          <h1 id="trainer-name" className="trainer-header__name">
            {tr.fullName}
          </h1>
          <AvailabilityBadge status={tr.availabilityStatus} />
          {pending ? <span className="badge badge--warning">{t('trainers:list.viewPending')}</span> : null}
        </div>
        {pending ? <p className="trainer-cell-sub">{t('trainers:detail.pendingNote')}</p> : null}
        <ul className="trainer-header__facts">
          <li>
            <MailIcon size={16} />
            {tr.user.email}
          </li>
          <li>
            <PhoneIcon size={16} />
            {tr.user.phone}
          </li>
          <li data-testid="trainer-capacity">
            <UsersIcon size={16} />
            {t('trainers:detail.capacity', { capacity: tr.clientCapacity })}
          </li>
          <li>
            <StarIcon size={16} />
            {tr.rating.count === 0
              ? t('trainers:detail.noRatings')
              : t('trainers:detail.rating', { average: tr.rating.average.toFixed(1), count: tr.rating.count })}
          </li>
          <li data-testid="trainer-account">
            <span className={`badge badge--${tr.accountStatus === 'active' ? 'success' : tr.accountStatus === 'failed' ? 'danger' : 'neutral'}`}>
              {t(`trainers:account.${tr.accountStatus}`)}
            </span>
            {manage && (tr.accountStatus === 'invited' || tr.accountStatus === 'failed') && !pending ? (
              <button type="button" className="btn btn--link" onClick={onResend} disabled={resend.isPending} data-testid="resend-invitation">
                {resend.isPending ? t('trainers:account.resending') : t('trainers:account.resend')}
              </button>
            ) : null}
          </li>
        </ul>
      </div>
      {manage ? (
        <div className="trainer-header__actions">
          {pending ? (
            <button type="button" className="btn btn--primary" onClick={onApprove} disabled={approve.isPending} data-testid="trainer-approve">
              {t('trainers:actions.approve')}
            </button>
          ) : null}
          {onAssign ? (
            <button type="button" className="btn btn--primary" onClick={onAssign} aria-haspopup="dialog" data-testid="trainer-assign">
              {t('trainers:actions.assign')}
            </button>
          ) : null}
          <button type="button" className="btn btn--secondary" onClick={onEdit} aria-haspopup="dialog" data-testid="trainer-edit">
            {t('trainers:detail.edit')}
          </button>
          <button type="button" className="btn btn--secondary" onClick={onArchive} aria-haspopup="dialog" data-testid="trainer-archive">
            {pending ? t('trainers:actions.refuse') : t('trainers:detail.archive')}
          </button>
        </div>
      ) : null}
    </section>
  );
}

function ArchiveDialog({ trainer, open, onClose }: { trainer: Trainer; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(ALL_NS);
  const toast = useToast();
  const navigate = useNavigate();
  const { describe } = useErrorText();
  const archive = useArchiveTrainer();
  const pending = trainer.status === 'pending';
  return (
    <ConfirmDialog
      open={open}
      title={pending ? t('trainers:actions.refuseTitle') : t('trainers:archive.title')}
      text={
        pending
          ? t('trainers:actions.refuseText', { name: trainer.fullName })
          : t('trainers:archive.text', { name: trainer.fullName, count: trainer.currentClients })
      }
      confirmLabel={pending ? t('trainers:actions.refuse') : t('trainers:archive.confirm')}
      busyLabel={t('trainers:archive.archiving')}
      busy={archive.isPending}
      error={archive.isError ? describe(archive.error, { fallback: t('trainers:archive.failed') }) : null}
      onConfirm={() =>
        archive.mutate(trainer._id, {
          onSuccess: () => {
            toast.success(pending ? t('trainers:actions.refused', { name: trainer.fullName }) : t('trainers:archive.done', { name: trainer.fullName }));
            void navigate('/dashboard/trainers', { replace: true });
          },
        })
      }
      onClose={() => {
        archive.reset();
        onClose();
      }}
      testId="archive-dialog"
    />
  );
}
