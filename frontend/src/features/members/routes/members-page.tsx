import type { Member } from '@akhada/contracts';
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
import { ALL_NS } from '../../../locales/resources';
import { useMembers } from '../api/get-members';
import { EMPTY_FILTERS, MembersFilters, type MemberFilters } from '../components/members-filters';
import { MembersTable } from '../components/members-table';
import { PREFILL_KEYS, prefillFrom, type MemberPrefill } from '../lib/enquiry-prefill';
import { matchesFilters } from '../lib/member-labels';
import '../members.css';
import { filtersFrom, firstPageParams, pageFrom, serverListParams } from './members-data';

// The forms (and their form library) load when first opened: the list shows without them.
const AddMemberModal = lazy(async () => ({ default: (await import('../components/add-member-modal')).AddMemberModal }));
const RenewDialog = lazy(async () => ({ default: (await import('../components/renew-dialog')).RenewDialog }));

export function MembersPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('members:list.pageTitle'));
  const user = useUser();
  const { locationId, locations, setLocationId, canSwitch, allowAll } = useCurrentLocation(user);
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const page = pageFrom(params);
  const [adding, setAdding] = useState(false);
  // "Convert to member" on an enquiry: the form opens filled from the lead and linked to it.
  const [prefill, setPrefill] = useState<MemberPrefill | null>(null);
  // Mounted from the first time it opens, so it can close (and open again) in place.
  const [addOpened, setAddOpened] = useState(false);
  const [renewing, setRenewing] = useState<Member | null>(null);
  const [renewOpened, setRenewOpened] = useState(false);
  const staff = user.role === 'owner' || user.role === 'admin';
  useEffect(() => {
    if (adding) setAddOpened(true);
  }, [adding]);
  useEffect(() => {
    if (renewing) setRenewOpened(true);
  }, [renewing]);

  // "Add Member" elsewhere (dashboard) links here with ?add=1; "Convert to member" on an enquiry adds the lead's details.
  useEffect(() => {
    if (params.get('add') === '1') {
      setPrefill(prefillFrom(params));
      setAdding(true);
      const next = new URLSearchParams(params);
      for (const key of ['add', ...PREFILL_KEYS]) next.delete(key);
      setParams(next, { replace: true });
    }
  }, [params, setParams]);

  // The first 50 (the request the route's loader started). When they are all the members there are, the filters
  // work on them on the client; when there are more, the filters and pages are asked of the server.
  const first = useMembers(firstPageParams(locationId));
  const onServer = first.isSuccess && first.data.pagination.totalPages > 1;
  const server = useMembers(serverListParams(params, locationId), onServer);
  const query = onServer ? server : first;

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
  let members: Member[] = [];
  let total = 0;
  let totalPages = 1;
  if (onServer && server.data) {
    members = server.data.data;
    total = server.data.totalCount;
    totalPages = server.data.pagination.totalPages;
  } else if (!onServer && first.data) {
    members = first.data.data.filter((m) => matchesFilters(m, filters));
    total = members.length;
  }
  const loading = query.isPending;
  const failed = !loading && query.isError;
  const showLocation = canSwitch && (allowAll ? locations.length > 0 : locations.length > 1);
  const timeZone = (m: Member | null) => user.locations.find((l) => l._id === m?.locationId)?.timezone;

  return (
    <div className="page members-page">
      <PageHeader
        title={t('members:list.title')}
        subtitle={t('members:list.subtitle')}
        actions={
          staff ? (
            <button type="button" className="btn btn--primary" onClick={() => setAdding(true)} data-testid="add-member-button">
              {t('members:list.add')}
            </button>
          ) : null
        }
      />
      <MembersFilters
        applied={filters}
        onApply={apply}
        location={showLocation ? { value: locationId, allowAll, options: locations, onChange: setLocationId } : undefined}
      />

      <section className="card card--flush" aria-labelledby="members-heading" aria-busy={loading || undefined}>
        <h2 id="members-heading" className="card__title card__title--padded" data-testid="members-heading">
          {loading || failed ? t('members:list.headingPlain') : t('members:list.heading', { total: formatNumber(total) })}
        </h2>
        {loading ? (
          <LoadingState title={t('members:list.loading')} />
        ) : failed ? (
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
                staff ? (
                  <button type="button" className="btn btn--primary" onClick={() => setAdding(true)}>
                    {t('members:list.add')}
                  </button>
                ) : undefined
              }
            />
          )
        ) : (
          <>
            <MembersTable members={members} busy={query.isFetching} onRenew={staff ? setRenewing : undefined} />
            {onServer ? (
              <div className="card__footer">
                <Pagination page={page} totalPages={totalPages} onChange={goToPage} disabled={query.isFetching} />
              </div>
            ) : null}
          </>
        )}
      </section>

      {adding || addOpened ? (
        <Suspense fallback={null}>
          <AddMemberModal
            open={adding}
            onClose={() => {
              setAdding(false);
              setPrefill(null);
            }}
            locations={locations}
            defaultLocationId={prefill?.locationId || locationId}
            prefill={prefill}
          />
        </Suspense>
      ) : null}
      {renewing || renewOpened ? (
        <Suspense fallback={null}>
          <RenewDialog member={renewing} timeZone={timeZone(renewing)} open={renewing !== null} onClose={() => setRenewing(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
