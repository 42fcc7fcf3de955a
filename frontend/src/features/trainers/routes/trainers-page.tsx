import type { Trainer } from '@akhada/contracts';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { DumbbellIcon } from '../../../components/icons/dumbbell';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { LoadingState } from '../../../components/spinner';
import { TabList, TabPanel } from '../../../components/tabs';
import { useToast } from '../../../components/toast';
import { useUser } from '../../../lib/auth/session';
import { useCurrentLocation } from '../../../lib/current-location';
import { formatNumber } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useTrainers } from '../api/get-trainers';
import { useApproveTrainer, useArchiveTrainer } from '../api/trainer-mutations';
import { ConfirmDialog } from '../components/confirm-dialog';
import { PendingTrainersTable } from '../components/pending-trainers-table';
import { EMPTY_FILTERS, TrainersFilters, type TrainerFilters } from '../components/trainers-filters';
import { TrainersTable } from '../components/trainers-table';
import { canManageTrainers } from '../lib/trainer-labels';
import '../trainers.css';
import { filtersFrom, pageFrom, trainerListParams, viewFrom } from './trainers-data';

// The form and the dialog (and the form library) load when first opened: the list shows without them.
const AddTrainerModal = lazy(async () => ({ default: (await import('../components/add-trainer-modal')).AddTrainerModal }));
const AssignDialog = lazy(async () => ({ default: (await import('../components/assign-dialog')).AssignDialog }));

export function TrainersPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('trainers:list.pageTitle'));
  const user = useUser();
  const manage = canManageTrainers(user.role);
  const { locationId, locations } = useCurrentLocation(user);
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const view = manage ? viewFrom(params) : 'all';
  const page = pageFrom(params);
  const [adding, setAdding] = useState(false);
  const [addOpened, setAddOpened] = useState(false);
  useEffect(() => {
    if (adding) setAddOpened(true);
  }, [adding]);
  const [assigningId, setAssigningId] = useState<string | null>(null);

  // "Add Trainer" elsewhere may link here with ?add=1.
  useEffect(() => {
    if (params.get('add') === '1' && manage) {
      setAdding(true);
      const next = new URLSearchParams(params);
      next.delete('add');
      setParams(next, { replace: true });
    }
  }, [params, setParams, manage]);

  // The same request the route's loader started (trainers-data.ts).
  const query = useTrainers(trainerListParams(manage ? params : withoutView(params), locationId));

  const apply = useCallback(
    (f: TrainerFilters) => {
      const next = new URLSearchParams();
      if (view === 'pending') next.set('view', 'pending');
      if (f.search) next.set('search', f.search);
      if (f.specialization) next.set('specialization', f.specialization);
      if (f.availability) next.set('availability', f.availability);
      setParams(next);
    },
    [setParams, view],
  );
  const setView = (v: 'all' | 'pending') => {
    const next = new URLSearchParams(params);
    next.delete('page');
    if (v === 'pending') next.set('view', 'pending');
    else next.delete('view');
    setParams(next);
  };
  const goToPage = (p: number) => {
    const next = new URLSearchParams(params);
    if (p <= 1) next.delete('page');
    else next.set('page', String(p));
    setParams(next);
  };

  const filtered = Boolean(filters.search || filters.specialization || filters.availability);
  const trainers = query.data?.data ?? [];
  const totalPages = query.data?.pagination.totalPages ?? 1;
  const assigning = assigningId ? (trainers.find((tr) => tr._id === assigningId) ?? null) : null;
  // While the list loads or after it failed, the heading shows no count.
  const heading = query.isSuccess
    ? t(view === 'pending' ? 'trainers:list.headingPending' : 'trainers:list.heading', { total: formatNumber(query.data.totalCount) })
    : view === 'pending'
      ? t('trainers:list.viewPending')
      : t('trainers:list.headingPlain');

  const list = (
    <section className="card card--flush" aria-labelledby="trainers-heading">
      <h2 id="trainers-heading" className="card__title card__title--padded" data-testid="trainers-heading">
        {heading}
      </h2>
      {query.isPending ? (
        <LoadingState title={t('trainers:list.loading')} />
      ) : query.isError ? (
        <ErrorState error={query.error} title={t('trainers:list.errorTitle')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : trainers.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={<DumbbellIcon size={28} />}
            title={t('trainers:list.noMatches')}
            hint={t('trainers:list.noMatchesHint')}
            action={
              <button type="button" className="btn btn--secondary" onClick={() => apply(EMPTY_FILTERS)}>
                {t('trainers:filters.reset')}
              </button>
            }
          />
        ) : view === 'pending' ? (
          <EmptyState icon={<DumbbellIcon size={28} />} title={t('trainers:list.emptyPending')} hint={t('trainers:list.emptyPendingHint')} />
        ) : (
          <EmptyState
            icon={<DumbbellIcon size={28} />}
            title={t('trainers:list.empty')}
            hint={t('trainers:list.emptyHint')}
            action={
              manage ? (
                <button type="button" className="btn btn--primary" onClick={() => setAdding(true)}>
                  {t('trainers:list.add')}
                </button>
              ) : undefined
            }
          />
        )
      ) : (
        <>
          {view === 'pending' ? (
            <PendingActions trainers={trainers} />
          ) : (
            <TrainersTable trainers={trainers} busy={query.isFetching} onAssign={manage ? (tr) => setAssigningId(tr._id) : undefined} />
          )}
          <div className="card__footer">
            <Pagination page={page} totalPages={totalPages} onChange={goToPage} disabled={query.isFetching} />
          </div>
        </>
      )}
    </section>
  );

  return (
    <div className="page trainers-page">
      <PageHeader
        title={t('trainers:list.title')}
        subtitle={t('trainers:list.subtitle')}
        actions={
          manage ? (
            <button type="button" className="btn btn--primary" onClick={() => setAdding(true)} data-testid="add-trainer-button">
              {t('trainers:list.add')}
            </button>
          ) : undefined
        }
      />
      <TrainersFilters applied={filters} onApply={apply} />
      {manage ? (
        <>
          <TabList
            label={t('trainers:list.viewsLabel')}
            idPrefix="trainers-view"
            className="tabs--pills"
            active={view}
            onChange={setView}
            tabs={[
              { key: 'all', label: t('trainers:list.viewAll'), testId: 'trainers-view-all' },
              { key: 'pending', label: t('trainers:list.viewPending'), testId: 'trainers-view-pending' },
            ]}
          />
          <TabPanel idPrefix="trainers-view" tabKey={view} className="trainers-view">
            {list}
          </TabPanel>
        </>
      ) : (
        list
      )}

      {adding || addOpened ? (
        <Suspense fallback={null}>
          <AddTrainerModal open={adding} onClose={() => setAdding(false)} locations={locations} defaultLocationId={locationId} />
        </Suspense>
      ) : null}
      {assigningId ? (
        <Suspense fallback={null}>
          <AssignDialog trainer={assigning} location={locations.find((l) => l._id === assigning?.locationId)} onClose={() => setAssigningId(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}

const withoutView = (params: URLSearchParams) => {
  const next = new URLSearchParams(params);
  next.delete('view');
  return next;
};

/** The pending list with Approve and Refuse (archive, after a confirmation). */
function PendingActions({ trainers }: { trainers: Trainer[] }) {
  const { t } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const approve = useApproveTrainer();
  const refuse = useArchiveTrainer();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [refusing, setRefusing] = useState<Trainer | null>(null);

  const onApprove = (tr: Trainer) => {
    setBusyId(tr._id);
    approve.mutate(tr._id, {
      onSuccess: () => toast.success(t('trainers:actions.approved', { name: tr.fullName })),
      onError: (e) => toast.error(describe(e, { fallback: t('trainers:actions.approveFailed') })),
      onSettled: () => setBusyId(null),
    });
  };
  const onRefuse = () => {
    if (!refusing) return;
    const tr = refusing;
    refuse.mutate(tr._id, {
      onSuccess: () => {
        toast.success(t('trainers:actions.refused', { name: tr.fullName }));
        setRefusing(null);
      },
    });
  };
  return (
    <>
      <PendingTrainersTable trainers={trainers} busyId={busyId} onApprove={onApprove} onRefuse={(tr) => setRefusing(tr)} />
      <ConfirmDialog
        open={refusing !== null}
        title={t('trainers:actions.refuseTitle')}
        text={refusing ? t('trainers:actions.refuseText', { name: refusing.fullName }) : ''}
        confirmLabel={t('trainers:actions.refuse')}
        busyLabel={t('trainers:archive.archiving')}
        busy={refuse.isPending}
        error={refuse.isError ? describe(refuse.error, { fallback: t('trainers:actions.refuseFailed') }) : null}
        onConfirm={onRefuse}
        onClose={() => {
          refuse.reset();
          setRefusing(null);
        }}
        testId="refuse-dialog"
      />
    </>
  );
}
