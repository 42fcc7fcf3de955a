import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { DumbbellIcon } from '../../../components/icons/dumbbell';
import { PageHeader } from '../../../components/page-header';
import { LoadingState } from '../../../components/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ALL_NS } from '../../../locales/resources';
import { useMyMembership } from '../api/get-my-membership';
import { initials } from '../lib/member-labels';
import '../members.css';

/** /dashboard/me/trainer: the member's trainer, or that none is assigned yet. */
export function MyTrainerPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('members:me.trainerTitle'));
  const query = useMyMembership();
  let body: ReactNode;
  if (query.isPending) body = <LoadingState title={t('members:me.loading')} />;
  else if (query.isError)
    body = <ErrorState error={query.error} title={t('members:me.failed')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (!query.data.trainer) {
    body = (
      <div className="card">
        <EmptyState icon={<DumbbellIcon size={28} />} title={t('members:me.noTrainer')} hint={t('members:me.noTrainerHint')} />
      </div>
    );
  } else {
    const tr = query.data.trainer;
    body = (
      <section className="card member-header" aria-labelledby="my-trainer-name" data-testid="my-trainer">
        <span className="avatar avatar--lg" aria-hidden="true">
          {initials(tr.user.firstName, tr.user.lastName)}
        </span>
        <div className="member-header__main">
          <h2 id="my-trainer-name" className="member-header__name">
            {tr.user.firstName} {tr.user.lastName}
          </h2>
          <ul className="chips" aria-label={t('members:me.specializations')}>
            {tr.specialization.map((s) => (
              <li key={s} className="badge badge--info">
                {t(`members:specializations.${s}`)}
              </li>
            ))}
          </ul>
        </div>
      </section>
    );
  }
  return (
    <div className="page my-page">
      <PageHeader title={t('members:me.trainerTitle')} subtitle={t('members:me.trainerSubtitle')} />
      {body}
    </div>
  );
}
