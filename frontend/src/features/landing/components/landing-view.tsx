import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicFooter } from '../../../components/layout/public-footer';
import { ALL_NS } from '../../../locales/resources';
import type { LandingContent } from '../api/get-landing-content';
import { Hero } from './hero';
import { LandingHeader } from './landing-header';

/**
 * The landing page with its content: banner and header, hero, then `children` (the sections below the first screen),
 * and the footer. The browser renders it (landing-page.tsx) and so does the gateway, as the first screen of `/`
 * before any script has run (src/prerender/landing-snapshot.tsx): one markup for both.
 */
export function LandingView({ content, children }: { content: LandingContent; children: ReactNode }) {
  const { t } = useTranslation(ALL_NS);
  return (
    <div className="public-layout landing">
      <a href="#main" className="skip-link">
        {t('common:skipToContent')}
      </a>
      <LandingHeader banner={content.banner} />
      <main id="main" tabIndex={-1} className="landing__main">
        <Hero hero={content.hero} assurances={content.claims.assurances} preview={content.screenshots[5] ?? content.screenshots[0]} />
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}

/** Where the sections below the first screen go until they have rendered. */
export const MorePlaceholder = () => <div className="landing__more-placeholder" />;
