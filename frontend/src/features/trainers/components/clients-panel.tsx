import type { Trainer } from '@akhada/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { UsersIcon } from '../../../components/icons/users';
import { Pagination } from '../../../components/pagination';
import { LoadingState } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { formatDate, formatNumber } from '../../../lib/format';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useTrainerClients } from '../api/get-trainer-clients';
import { useUnassignMember } from '../api/trainer-mutations';
import { initials } from '../lib/trainer-labels';

const STATUS_TONE: Record<string, string> = { active: 'success', expired: 'danger', frozen: 'info', pending: 'warning' };

/**
 * The members assigned to a trainer (GET /trainers/:id/members), a page at a time. Staff can unassign
 * (POST /members/:id/unassign-trainer) and open the member; the trainer themself (My clients) only reads.
 */
export function ClientsPanel({ trainer, manage, self = false }: { trainer: Trainer; manage: boolean; self?: boolean }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const [page, setPage] = useState(1);
  const query = useTrainerClients(trainer._id, page);
  const unassign = useUnassignMember();
  const [busyId, setBusyId] = useState<string | null>(null);
  const lang = i18n.language;

  const onUnassign = (memberId: string, name: string) => {
    setBusyId(memberId);
    unassign.mutate(memberId, {
      onSuccess: () => toast.success(t('trainers:clients.unassigned', { name })),
      onError: (e) => toast.error(describe(e, { fallback: t('trainers:clients.unassignFailed') })),
      onSettled: () => setBusyId(null),
    });
  };
  const clients = query.data?.data ?? [];

  return (
    <section className="card card--flush" aria-labelledby="trainer-clients-heading">
      <h2 id="trainer-clients-heading" className="card__title card__title--padded">
        {query.isSuccess ? t('trainers:clients.heading', { total: formatNumber(query.data.totalCount) }) : t('trainers:clients.headingPlain')}
      </h2>
      {query.isPending ? (
        <LoadingState title={t('trainers:clients.loading')} />
      ) : query.isError ? (
        <ErrorState error={query.error} title={t('trainers:clients.errorTitle')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : clients.length === 0 ? (
        <EmptyState
          icon={<UsersIcon size={28} />}
          title={self ? t('trainers:clients.emptySelf') : t('trainers:clients.empty')}
          hint={self ? t('trainers:clients.emptySelfHint') : t('trainers:clients.emptyHint')}
        />
      ) : (
        <>
          <div className="table-wrap">
            <table className="table trainer-table" data-testid="trainer-clients-table" aria-busy={query.isFetching}>
              <caption className="visually-hidden">{t('trainers:clients.tableLabel')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('trainers:clients.member')}</th>
                  <th scope="col">{t('trainers:clients.membership')}</th>
                  <th scope="col">{t('trainers:clients.assignedOn')}</th>
                  {manage ? (
                    <th scope="col" className="table__actions-head">
                      {t('trainers:clients.actions')}
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {clients.map((c) => {
                  const [first = '', ...rest] = c.fullName.split(' ');
                  const status = c.membershipStatus as keyof typeof STATUS_TONE;
                  const known = i18n.exists(`trainers:clients.statuses.${status}`);
                  return (
                    <tr key={c._id} data-testid="trainer-client-row">
                      <th scope="row" className="table__primary">
                        <div className="trainer-person">
                          <span className="avatar avatar--sm" aria-hidden="true">
                            {initials(first, rest.join(' '))}
                          </span>
                          <span className="trainer-person__text">
                            {manage ? (
                              <Link to={`/dashboard/members/${c._id}`} className="trainer-person__name link">
                                {c.fullName}
                              </Link>
                            ) : (
                              <span className="trainer-person__name">{c.fullName}</span>
                            )}
                            <span className="trainer-person__sub">
                              {c.phone} · {c.email}
                            </span>
                          </span>
                        </div>
                      </th>
                      <td data-label={t('trainers:clients.membership')}>
                        <span className="trainer-cell-stack">
                          <span className={`badge badge--${STATUS_TONE[status] ?? 'neutral'}`}>
                            {known ? t(`trainers:clients.statuses.${status as 'active'}`) : c.membershipStatus}
                          </span>
                          {c.membershipEndDate ? (
                            <span className="trainer-cell-sub">{t('trainers:clients.endsOn', { date: formatDate(c.membershipEndDate, lang) })}</span>
                          ) : null}
                        </span>
                      </td>
                      <td data-label={t('trainers:clients.assignedOn')}>{formatDate(c.assignedAt, lang)}</td>
                      {manage ? (
                        <td className="table__actions">
                          <button
                            type="button"
                            className="btn btn--secondary btn--sm"
                            onClick={() => onUnassign(c._id, c.fullName)}
                            disabled={busyId !== null}
                            aria-label={t('trainers:clients.unassignLabel', { name: c.fullName })}
                            data-testid="client-unassign"
                          >
                            {t('trainers:clients.unassign')}
                          </button>
                        </td>
                      ) : null}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <div className="card__footer">
            <Pagination page={page} totalPages={query.data.pagination.totalPages} onChange={setPage} disabled={query.isFetching} />
          </div>
        </>
      )}
    </section>
  );
}
