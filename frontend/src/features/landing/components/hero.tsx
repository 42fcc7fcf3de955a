import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ALL_NS } from '../../../locales/resources';
import type { LandingContent } from '../api/get-landing-content';
import { AssuranceList } from './assurance-list';

/** Title (the longer desktop variant from 1024 px), subtitle, the two calls to action and the assurances. */
export function Hero({
  hero,
  assurances,
  preview,
}: {
  hero: LandingContent['hero'];
  assurances: LandingContent['claims']['assurances'];
  preview: LandingContent['screenshots'][number] | undefined;
}) {
  const { t } = useTranslation(ALL_NS);
  return (
    <section className="landing-hero" aria-labelledby="hero-title">
      <div className="landing-hero__text">
        <h1 id="hero-title" className="landing-hero__title" data-testid="hero-title">
          <span className="landing-hero__title-short">{hero.title}</span>
          <span className="landing-hero__title-desktop">{hero.titleDesktop}</span>
        </h1>
        <p className="landing-hero__subtitle">{hero.subtitle}</p>
        <div className="landing-hero__actions">
          <Link to="/register" className="btn btn--primary btn--lg" data-testid="hero-get-started">
            {hero.primaryCta.text}
          </Link>
          <Link to="/login" className="btn btn--secondary btn--lg" data-testid="hero-sign-in">
            {hero.secondaryCta.text}
          </Link>
        </div>
        <AssuranceList items={assurances} label={t('landing:hero.assurances')} />
      </div>
      {preview ? (
        <div className="landing-hero__preview">
          <img src={preview.src} alt={preview.alt} width={1280} height={800} loading="lazy" decoding="async" />
        </div>
      ) : null}
    </section>
  );
}
