import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ServiceStatus } from '../../../components/service-status';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePayments } from '../api/get-payments';
import { ALL_NS } from '../../../locales/resources';

export function PaymentsPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('services:payments.pageTitle'));
  const query = usePayments();
  return (
    <div className="page">
      <PageHeader title={t('services:payments.title')} subtitle={t('services:payments.subtitle')} />
      <section className="card" aria-label={t('services:payments.title')}>
        <ServiceStatus query={query} />
      </section>
    </div>
  );
}
