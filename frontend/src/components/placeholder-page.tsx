import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../lib/use-document-title';
import { ALL_NS } from '../locales/resources';
import { EmptyState } from './empty-state';
import { ClockIcon } from './icons/clock';
import { PageHeader } from './page-header';

/** The areas of the product whose screens are not built yet; each one's issue replaces its placeholder. */
export type PlaceholderArea = 'trainers' | 'payments' | 'inventory' | 'attendance' | 'chat' | 'feedback';

/**
 * The one page for an area that is not built yet: its title, and an honest note that nothing is shown until it works
 * with the gym's real data. It calls no service and shows no figures.
 */
export function PlaceholderPage({ area }: { area: PlaceholderArea }) {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t(`services:${area}.pageTitle`));
  return (
    <div className="page" data-testid={`placeholder-${area}`}>
      <PageHeader title={t(`services:${area}.title`)} subtitle={t(`services:${area}.subtitle`)} />
      <section className="card" aria-label={t(`services:${area}.title`)}>
        <EmptyState
          icon={<ClockIcon size={28} />}
          title={t('services:placeholder.title')}
          hint={t('services:placeholder.description')}
          action={
            <Link to="/dashboard" className="btn btn--secondary">
              {t('services:placeholder.back')}
            </Link>
          }
        />
      </section>
    </div>
  );
}
