import type { Trainer } from '@akhada/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { DumbbellIcon } from '../../../components/icons/dumbbell';
import { PageHeader } from '../../../components/page-header';
import { LoadingState } from '../../../components/spinner';
import { isNotFoundError } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ALL_NS } from '../../../locales/resources';
import { useMyTrainer } from '../api/get-my-trainer';
import { ClientsPanel } from '../components/clients-panel';
import { SchedulePanel } from '../components/schedule-panel';
import '../trainers.css';

/** The signed-in trainer's own record (GET /trainers/me), then `children` with it. */
function WithMyTrainer({ children }: { children: (trainer: Trainer) => ReactNode }) {
  const { t } = useTranslation(ALL_NS);
  const query = useMyTrainer();
  if (query.isPending) return <LoadingState title={t('trainers:self.loading')} />;
  if (query.isError) {
    return (
      <div className="card">
        {isNotFoundError(query.error) ? (
          <EmptyState icon={<DumbbellIcon size={28} />} title={t('trainers:self.notFound')} hint={t('trainers:self.notFoundHint')} />
        ) : (
          <ErrorState error={query.error} title={t('trainers:self.errorTitle')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        )}
      </div>
    );
  }
  return <>{children(query.data)}</>;
}

/** /dashboard/my-clients: the members the signed-in trainer trains. */
export function MyClientsPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('trainers:self.clientsTitle'));
  return (
    <div className="page trainer-detail">
      <PageHeader title={t('trainers:self.clientsTitle')} subtitle={t('trainers:self.clientsSubtitle')} />
      <WithMyTrainer>{(trainer) => <ClientsPanel trainer={trainer} manage={false} self />}</WithMyTrainer>
    </div>
  );
}

/** /dashboard/my-schedule: the signed-in trainer's week and sessions, which they may change. */
export function MySchedulePage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('trainers:self.scheduleTitle'));
  return (
    <div className="page trainer-detail">
      <PageHeader title={t('trainers:self.scheduleTitle')} subtitle={t('trainers:self.scheduleSubtitle')} />
      <WithMyTrainer>{(trainer) => <SchedulePanel trainer={trainer} editable />}</WithMyTrainer>
    </div>
  );
}
