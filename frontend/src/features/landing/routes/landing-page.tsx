import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CalendarCheckIcon, GlobeIcon, UsersIcon, WalletIcon } from '../../../components/icons';
import { PublicLayout } from '../../../components/layout/public-layout';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../landing.css';
import { ALL_NS } from '../../../locales/resources';

const FEATURES = [
  { key: 'members', Icon: UsersIcon },
  { key: 'payments', Icon: WalletIcon },
  { key: 'attendance', Icon: CalendarCheckIcon },
  { key: 'language', Icon: GlobeIcon },
] as const;

export function LandingPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('landing:pageTitle'));
  return (
    <PublicLayout>
      <section className="hero" aria-labelledby="hero-title">
        <p className="hero__eyebrow">{t('landing:hero.eyebrow')}</p>
        <h1 id="hero-title" className="hero__title">
          {t('landing:hero.title')}
        </h1>
        <p className="hero__subtitle">{t('landing:hero.subtitle')}</p>
        <div className="hero__actions">
          <Link to="/register" className="btn btn--primary btn--lg" data-testid="hero-get-started">
            {t('landing:hero.primary')}
          </Link>
          <Link to="/login" className="btn btn--secondary btn--lg" data-testid="hero-sign-in">
            {t('landing:hero.secondary')}
          </Link>
        </div>
        <p className="hero__trial">{t('landing:hero.trial')}</p>
      </section>

      <section id="features" className="landing-features" aria-labelledby="features-title">
        <h2 id="features-title" className="section-title">
          {t('landing:features.title')}
        </h2>
        <ul className="feature-grid">
          {FEATURES.map(({ key, Icon }) => (
            <li key={key} className="feature card">
              <span className="feature__icon">
                <Icon size={22} />
              </span>
              <h3 className="feature__title">{t(`landing:features.${key}.title`)}</h3>
              <p className="feature__text">{t(`landing:features.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="landing-cta card" aria-labelledby="cta-title">
        <h2 id="cta-title" className="landing-cta__title">
          {t('landing:cta.title')}
        </h2>
        <p className="landing-cta__text">{t('landing:cta.text')}</p>
        <Link to="/register" className="btn btn--primary btn--lg">
          {t('landing:cta.button')}
        </Link>
      </section>
    </PublicLayout>
  );
}
