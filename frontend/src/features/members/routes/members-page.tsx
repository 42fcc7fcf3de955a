import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { UsersIcon } from '../../../components/icons/users';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { LoadingState } from '../../../components/spinner';
import { useUser } from '../../../lib/auth/session';
import { useCurrentLocation } from '../../../lib/current-location';
import { formatNumber } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMembers } from '../api/get-members';
import { EMPTY_FILTERS, MembersFilters, type MemberFilters } from '../components/members-filters';
import { filtersFrom, memberListParams, pageFrom } from './members-data';
import { MembersTable } from '../components/members-table';
import '../members.css';
import { ALL_NS } from '../../../locales/resources';

// The form (and its form library) loads when it is first opened: the list shows without it.
const AddMemberModal = lazy(async () => ({ default: (await import('../components/add-member-modal')).AddMemberModal }));

export function MembersPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('members:list.pageTitle'));
  const user = useUser();
  const { locationId, locations } = useCurrentLocation(user);
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const page = pageFrom(params);
  const [adding, setAdding] = useState(false);
  // Mounted from the first time it opens, so it can close (and open again) in place.
  const [addOpened, setAddOpened] = useState(false);
  useEffect(() => {
    if (adding) setAddOpened(true);
  }, [adding]);

  // "Add Member" elsewhere (dashboard) links here with ?add=1.
  useEffect(() => {
    if (params.get('add') === '1') {
      setAdding(true);
      const next = new URLSearchParams(params);
      next.delete('add');
      setParams(next, { replace: true });
    }
  }, [params, setParams]);

  // The same request the route's loader started (members-data.ts).
  const query = useMembers(memberListParams(params, locationId));

  const apply = useCallback(
    (f: MemberFilters) => {
      const next = new URLSearchParams();
      if (f.search) next.set('search', f.search);
      if (f.status) next.set('status', f.status);
      if (f.type) next.set('type', f.type);
      setParams(next);
    },
    [setParams],
  );
  const goToPage = (p: number) => {
    const next = new URLSearchParams(params);
    if (p <= 1) next.delete('page');
    else next.set('page', String(p));
    setParams(next);
  };

  const filtered = Boolean(filters.search || filters.status || filters.type);
  const members = query.data?.data ?? [];
  const total = query.data?.totalCount ?? 0;
  const totalPages = query.data?.pagination.totalPages ?? 1;

  return (
    <div className="page members-page">
      <PageHeader
        title={t('members:list.title')}
        subtitle={t('members:list.subtitle')}
        actions={
          <button type="button" className="btn btn--primary" onClick={() => setAdding(true)} data-testid="add-member-button">
            {t('members:list.add')}
          </button>
        }
      />
      <MembersFilters applied={filters} onApply={apply} />

      <section className="card card--flush" aria-labelledby="members-heading">
        <h2 id="members-heading" className="card__title card__title--padded">
          {t('members:list.heading', { total: formatNumber(total) })}
        </h2>
        {query.isPending ? (
          <LoadingState title={t('members:list.loading')} />
        ) : query.isError ? (
          <ErrorState error={query.error} title={t('members:list.errorTitle')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : members.length === 0 ? (
          filtered ? (
            <EmptyState
              icon={<UsersIcon size={28} />}
              title={t('members:list.noMatches')}
              hint={t('members:list.noMatchesHint')}
              action={
                <button type="button" className="btn btn--secondary" onClick={() => apply(EMPTY_FILTERS)}>
                  {t('members:filters.reset')}
                </button>
              }
            />
          ) : (
            <EmptyState
              icon={<UsersIcon size={28} />}
              title={t('members:list.empty')}
              hint={t('members:list.emptyHint')}
              action={
                <button type="button" className="btn btn--primary" onClick={() => setAdding(true)}>
                  {t('members:list.add')}
                </button>
              }
            />
          )
        ) : (
          <>
            <MembersTable members={members} busy={query.isFetching} />
            <div className="card__footer">
              <Pagination page={page} totalPages={totalPages} onChange={goToPage} disabled={query.isFetching} />
            </div>
          </>
        )}
      </section>

      {adding || addOpened ? (
        <Suspense fallback={null}>
          <AddMemberModal open={adding} onClose={() => setAdding(false)} locations={locations} defaultLocationId={locationId} />
        </Suspense>
      ) : null}
    </div>
  );
}
