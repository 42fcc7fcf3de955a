import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useHashScroll } from '../../../lib/use-hash-scroll';
import type { LandingContent } from '../api/get-landing-content';
import { FinalCta, Showcase, TrustBadges } from './closing-sections';
import { Comparison } from './comparison';
import { FeaturesSection } from './features-section';
import { Pricing } from './pricing';
import { Problems } from './problems';
import { Screenshots } from './screenshots';
import { Testimonials } from './testimonials';
import { WhyNow } from './why-now';

/**
 * Everything below the first screen: problems, features, pricing (with its modals), the comparison tabs, why now,
 * testimonials, screenshots (with the lightbox), the showcase, the final call to action and the trust badges. Its own
 * chunk, fetched while the first screen renders. The sections are added one after another in transitions (each a
 * short task, so the page stays responsive while it fills in), or all at once when the address points into them.
 */
export default function LandingMore({ content }: { content: LandingContent }) {
  const { hash } = useLocation();
  const sections: ReactNode[] = [
    <Problems key="problems" heading={content.sections.problems} problems={content.problems} />,
    <FeaturesSection key="features" heading={content.sections.features} features={content.features} />,
    <Pricing key="pricing" heading={content.sections.pricing} plans={content.plans} />,
    <Comparison key="comparison" comparison={content.comparison} />,
    <WhyNow key="why-now" heading={content.sections.whyNow} reasons={content.whyNow} stats={content.claims.stats} />,
    <Testimonials key="testimonials" heading={content.sections.testimonials} items={content.testimonials} />,
    <Screenshots key="screenshots" heading={content.sections.screenshots} shots={content.screenshots} />,
    <Showcase key="showcase" showcase={content.showcase} image={content.screenshots[0]} />,
    <FinalCta key="final-cta" cta={content.finalCta} />,
    <TrustBadges key="trust" heading={content.sections.trust} badges={content.trustBadges} assurances={content.claims.assurances} />,
  ];
  const [shown, setShown] = useState(() => (hash ? sections.length : 2));
  const all = shown >= sections.length;
  useEffect(() => {
    if (all) return;
    const timer = window.setTimeout(() => startTransition(() => setShown((n) => (hash ? sections.length : n + 1))));
    return () => window.clearTimeout(timer);
  }, [shown, all, hash, sections.length]);
  useHashScroll(all);
  return (
    <>
      {sections.slice(0, shown)}
      {all ? null : <div className="landing__more-placeholder" />}
    </>
  );
}
