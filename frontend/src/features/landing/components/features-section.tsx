import type { LandingContent } from '../api/get-landing-content';
import { LandingIcon } from './landing-icon';
import { SectionHeading } from './section-heading';

/** The six feature cards (#features). */
export function FeaturesSection({ heading, features }: { heading: LandingContent['sections']['features']; features: LandingContent['features'] }) {
  return (
    <section id="features" className="landing-section landing-anchor" aria-labelledby="features-title" data-testid="features">
      <SectionHeading id="features-title" heading={heading} />
      <ul className="card-grid card-grid--3">
        {features.map((f) => (
          <li key={f.title} className="card tile">
            <span className="tile__icon">
              <LandingIcon name={f.icon} />
            </span>
            <h3 className="tile__title">{f.title}</h3>
            <p className="tile__text">{f.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
