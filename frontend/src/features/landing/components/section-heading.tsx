import type { LandingContent } from '../api/get-landing-content';

/** The title and lead line of a landing section (from the content). */
export function SectionHeading({ id, heading }: { id: string; heading: LandingContent['sections']['features'] }) {
  return (
    <div className="landing-section__heading">
      <h2 id={id} className="landing-section__title">
        {heading.title}
      </h2>
      {heading.subtitle ? <p className="landing-section__subtitle">{heading.subtitle}</p> : null}
    </div>
  );
}
