import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSession } from '../../lib/auth/session';
import { LanguageSwitch } from '../language-switch';
import { Logo } from '../logo';
import { ThemeToggle } from '../theme-toggle';
import { ALL_NS } from '../../locales/resources';

/** Header of the public pages: logo, theme, language, and Sign In / Sign Up (or the way back to the dashboard). */
export function PublicHeader({ hideSignIn, hideSignUp }: { hideSignIn?: boolean; hideSignUp?: boolean }) {
  const { t } = useTranslation(ALL_NS);
  const { user } = useSession();
  return (
    <header className="public-header">
      <div className="public-header__inner">
        <Logo />
        <nav className="public-header__actions" aria-label={t('landing:nav.label')}>
          <ThemeToggle />
          <LanguageSwitch />
          {user ? (
            <Link to="/dashboard" className="btn btn--primary btn--sm">
              {t('common:actions.goToDashboard')}
            </Link>
          ) : (
            <>
              {hideSignIn ? null : (
                <Link to="/login" className="btn btn--ghost btn--sm" data-testid="header-sign-in">
                  {t('common:actions.signIn')}
                </Link>
              )}
              {hideSignUp ? null : (
                <Link to="/register" className="btn btn--primary btn--sm" data-testid="header-sign-up">
                  {t('common:actions.signUp')}
                </Link>
              )}
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
