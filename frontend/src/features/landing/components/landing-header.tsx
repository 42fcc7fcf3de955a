import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LanguageSwitch } from '../../../components/language-switch';
import { Logo } from '../../../components/logo';
import { ThemeSwitch } from '../../../components/theme-switch';
import { ALL_NS } from '../../../locales/resources';
import type { LandingContent } from '../api/get-landing-content';

/** Sticky top of the landing page (the public header bar): the urgency banner (colours from the content) above the header. */
export function LandingHeader({ banner }: { banner: LandingContent['banner'] | null }) {
  const { t } = useTranslation(ALL_NS);
  return (
    <header className="public-header landing-top">
      {banner?.enabled ? (
        <div
          className="urgency-banner"
          style={{ backgroundColor: banner.backgroundColor, borderColor: banner.borderColor, color: banner.textColor }}
          data-testid="urgency-banner"
        >
          <p className="urgency-banner__message">{banner.message}</p>
          <p className="urgency-banner__sub">{banner.subMessage}</p>
        </div>
      ) : null}
      <div className="public-header__inner landing-header">
        <Logo />
        <nav className="landing-header__sections" aria-label={t('landing:nav.sections')}>
          <Link to="#features">{t('landing:nav.features')}</Link>
          <Link to="#pricing">{t('landing:nav.pricing')}</Link>
          <Link to="#demo">{t('landing:nav.demo')}</Link>
        </nav>
        <div className="public-header__actions">
          <ThemeSwitch />
          <LanguageSwitch />
          <Link to="/login" className="btn btn--ghost btn--sm" data-testid="header-sign-in">
            {t('common:actions.signIn')}
          </Link>
          <Link to="/register" className="btn btn--primary btn--sm" data-testid="header-get-started">
            {t('common:actions.getStarted')}
          </Link>
        </div>
      </div>
    </header>
  );
}
