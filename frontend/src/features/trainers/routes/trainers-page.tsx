import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ServiceStatus } from '../../../components/service-status';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useTrainers } from '../api/get-trainers';
import { ALL_NS } from '../../../locales/resources';

export function TrainersPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('services:trainers.pageTitle'));
  const query = useTrainers();
  return (
    <div className="page">
      <PageHeader title={t('services:trainers.title')} subtitle={t('services:trainers.subtitle')} />
      <section className="card" aria-label={t('services:trainers.title')}>
        <ServiceStatus query={query} />
      </section>
    </div>
  );
}
