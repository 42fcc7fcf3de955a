import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ServiceStatus } from '../../../components/service-status';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useInventory } from '../api/get-inventory';
import { ALL_NS } from '../../../locales/resources';

export function InventoryPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('services:inventory.pageTitle'));
  const query = useInventory();
  return (
    <div className="page">
      <PageHeader title={t('services:inventory.title')} subtitle={t('services:inventory.subtitle')} />
      <section className="card" aria-label={t('services:inventory.title')}>
        <ServiceStatus query={query} />
      </section>
    </div>
  );
}
