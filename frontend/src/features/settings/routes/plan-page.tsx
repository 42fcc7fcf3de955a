import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ALL_NS } from '../../../locales/resources';
import { PlanBilling } from '../components/plan-billing';
import '../settings.css';

/**
 * /dashboard/settings/plan (where the trial banner and the plan limit lead): Plan and billing on a page of its own —
 * the same screen as Settings → Plan and billing.
 */
export function PlanPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('settings:plan.pageTitle'));
  return (
    <div className="page plan-page">
      <PageHeader
        title={t('settings:plan.title')}
        subtitle={t('settings:plan.subtitle')}
        actions={
          <Link to="/dashboard/settings" className="btn btn--secondary">
            {t('settings:plan.back')}
          </Link>
        }
      />
      <PlanBilling />
    </div>
  );
}
