import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';
import { ALL_NS } from '../../locales/resources';

export function PublicLayout({
  children,
  hideSignIn,
  hideSignUp,
  narrow,
}: {
  children: ReactNode;
  hideSignIn?: boolean;
  hideSignUp?: boolean;
  narrow?: boolean;
}) {
  const { t } = useTranslation(ALL_NS);
  return (
    <div className="public-layout">
      <a href="#main" className="skip-link">
        {t('common:skipToContent')}
      </a>
      <PublicHeader hideSignIn={hideSignIn} hideSignUp={hideSignUp} />
      <main id="main" tabIndex={-1} className={`public-main${narrow ? ' public-main--narrow' : ''}`}>
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}
