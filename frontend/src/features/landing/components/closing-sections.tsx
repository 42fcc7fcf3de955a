import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ChatIcon } from '../../../components/icons/chat';
import { CheckIcon } from '../../../components/icons/check';
import { LockIcon } from '../../../components/icons/lock';
import { ShieldIcon } from '../../../components/icons/shield';
import { ALL_NS } from '../../../locales/resources';
import type { LandingContent } from '../api/get-landing-content';
import { AssuranceList } from './assurance-list';
import { SectionHeading } from './section-heading';

/** The dashboard showcase: what an owner sees every morning, with the real dashboard screen. */
export function Showcase({ showcase, image }: { showcase: LandingContent['showcase']; image: LandingContent['screenshots'][number] | undefined }) {
  return (
    <section className="landing-section showcase" aria-labelledby="showcase-title">
      <div className="showcase__text">
        <h2 id="showcase-title" className="landing-section__title">
          {showcase.title}
        </h2>
        <p className="landing-section__subtitle">{showcase.subtitle}</p>
        <ul className="checklist checklist--lg">
          {showcase.bullets.map((b) => (
            <li key={b}>
              <CheckIcon size={18} />
              {b}
            </li>
          ))}
        </ul>
      </div>
      {image ? (
        <div className="showcase__image">
          <img src={image.src} alt={image.alt} width={1280} height={800} loading="lazy" decoding="async" />
        </div>
      ) : null}
    </section>
  );
}

export function FinalCta({ cta }: { cta: LandingContent['finalCta'] }) {
  return (
    <section className="final-cta" aria-labelledby="final-cta-title">
      <h2 id="final-cta-title" className="final-cta__title">
        {cta.title}
      </h2>
      <p className="final-cta__subtitle">{cta.subtitle}</p>
      <div className="final-cta__actions">
        <Link to="/register" className="btn btn--lg final-cta__primary" data-testid="final-cta-primary">
          {cta.primary}
        </Link>
        <Link to="/login" className="btn btn--lg final-cta__secondary" data-testid="final-cta-secondary">
          {cta.secondary}
        </Link>
      </div>
    </section>
  );
}

const BADGE_ICONS = { payments_secured: ShieldIcon, whatsapp_business: ChatIcon, ssl_secured: LockIcon } as const;

export function TrustBadges({
  heading,
  badges,
  assurances,
}: {
  heading: LandingContent['sections']['trust'];
  badges: LandingContent['trustBadges'];
  assurances: LandingContent['claims']['assurances'];
}) {
  const { t } = useTranslation(ALL_NS);
  return (
    <section className="landing-section trust" aria-labelledby="trust-title">
      <SectionHeading id="trust-title" heading={heading} />
      <ul className="trust__badges">
        {badges.map((b) => {
          const Icon = BADGE_ICONS[b.id];
          return (
            <li key={b.id} className="trust__badge" data-testid={`trust-${b.id}`}>
              <Icon size={22} />
              {b.label}
            </li>
          );
        })}
      </ul>
      <AssuranceList items={assurances} label={t('landing:trust.assurances')} centered />
    </section>
  );
}
