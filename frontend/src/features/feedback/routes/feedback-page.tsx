import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Navigate, useParams } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { useUser } from '../../../lib/auth/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ALL_NS } from '../../../locales/resources';
import '../feedback.css';

// Each section is its own chunk (Analytics brings uPlot with it).
const SubmitSection = lazy(async () => ({ default: (await import('../components/submit-section')).SubmitSection }));
const MyFeedbackSection = lazy(async () => ({ default: (await import('../components/my-feedback-section')).MyFeedbackSection }));
const SurveysSection = lazy(async () => ({ default: (await import('../components/surveys-section')).SurveysSection }));
const ManageSection = lazy(async () => ({ default: (await import('../components/manage-section')).ManageSection }));
const AnalyticsSection = lazy(async () => ({ default: (await import('../components/analytics-section')).AnalyticsSection }));

const SECTIONS = [
  { key: 'submit', path: '', staff: false },
  { key: 'my', path: 'my', staff: false },
  { key: 'surveys', path: 'surveys', staff: false },
  { key: 'manage', path: 'manage', staff: true },
  { key: 'analytics', path: 'analytics', staff: true },
] as const;

/** /dashboard/feedback[/my|/surveys|/manage|/analytics]: the left menu and the chosen section. */
export function FeedbackPage() {
  const { t } = useTranslation(ALL_NS);
  const user = useUser();
  const { section = '' } = useParams();
  const staff = user.role === 'owner' || user.role === 'admin';
  const visible = SECTIONS.filter((s) => staff || !s.staff);
  const current = visible.find((s) => s.path === section);
  useDocumentTitle(current ? `${t(`feedback:menu.${current.key}`)} · ${t('feedback:pageTitle')}` : t('feedback:pageTitle'));
  if (!current) return <Navigate to="/dashboard/feedback" replace />;
  return (
    <div className="page fb">
      <PageHeader title={t('feedback:title')} subtitle={t('feedback:subtitle')} />
      <div className="fb__layout">
        <nav className="fb__menu card" aria-label={t('feedback:menu.label')}>
          <ul>
            {visible.map((s) => (
              <li key={s.key}>
                <NavLink
                  to={s.path ? `/dashboard/feedback/${s.path}` : '/dashboard/feedback'}
                  end
                  className={({ isActive }) => `fb__menu-link${isActive ? ' fb__menu-link--active' : ''}`}
                  data-testid={`fb-menu-${s.key}`}
                >
                  {t(`feedback:menu.${s.key}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="fb__content">
          <Suspense
            fallback={
              <div className="card state">
                <Spinner />
              </div>
            }
          >
            {current.key === 'submit' ? <SubmitSection /> : null}
            {current.key === 'my' ? <MyFeedbackSection /> : null}
            {current.key === 'surveys' ? <SurveysSection staff={staff} canAnswer={user.role === 'member'} /> : null}
            {current.key === 'manage' ? <ManageSection /> : null}
            {current.key === 'analytics' ? <AnalyticsSection /> : null}
          </Suspense>
        </div>
      </div>
    </div>
  );
}
