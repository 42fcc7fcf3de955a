import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PauseIcon } from '../../../components/icons/pause';
import { PlayIcon } from '../../../components/icons/play';
import { ALL_NS } from '../../../locales/resources';
import type { LandingContent } from '../api/get-landing-content';
import { groupIndian } from '../lib/price';
import { SectionHeading } from './section-heading';

type Testimonial = LandingContent['testimonials'][number];

function Card({ item }: { item: Testimonial }) {
  const { t } = useTranslation(ALL_NS);
  return (
    <figure className="card testimonial">
      <span className="testimonial__rating" role="img" aria-label={t('landing:testimonials.rating', { rating: item.rating })}>
        <span className="star star--on" aria-hidden="true">
          {'★'.repeat(item.rating)}
        </span>
        <span className="star" aria-hidden="true">
          {'★'.repeat(5 - item.rating)}
        </span>
      </span>
      <blockquote className="testimonial__quote">{item.quote}</blockquote>
      <figcaption className="testimonial__author">
        <span className="avatar testimonial__avatar" aria-hidden="true">
          {item.avatarInitials}
        </span>
        <span className="testimonial__who">
          <span className="testimonial__name">{item.name}</span>
          <span className="testimonial__meta">{item.position}</span>
          <span className="testimonial__meta">
            {item.location} · {t('landing:testimonials.members', { members: groupIndian(item.membersCount) })}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}

/**
 * A continuous 40-second loop (CSS): the items are repeated three times so the loop has no seam; the copies are
 * hidden from assistive technology. It pauses on hover, on keyboard focus and with the pause button, and stands
 * still under prefers-reduced-motion.
 */
export function Testimonials({ heading, items }: { heading: LandingContent['sections']['testimonials']; items: LandingContent['testimonials'] }) {
  const { t } = useTranslation(ALL_NS);
  const [paused, setPaused] = useState(false);
  return (
    <section className="landing-section" aria-labelledby="testimonials-title">
      <div className="landing-section__heading-row">
        <SectionHeading id="testimonials-title" heading={heading} />
        <button
          type="button"
          className="icon-btn marquee__toggle"
          onClick={() => setPaused((p) => !p)}
          aria-label={paused ? t('landing:testimonials.play') : t('landing:testimonials.pause')}
          data-testid="testimonials-toggle"
        >
          {paused ? <PlayIcon size={18} /> : <PauseIcon size={18} />}
        </button>
      </div>
      <div
        className={`marquee${paused ? ' marquee--paused' : ''}`}
        role="region"
        aria-label={t('landing:testimonials.region')}
        tabIndex={0}
        data-testid="testimonials"
      >
        <div className="marquee__track">
          {[0, 1, 2].map((copy) => (
            <ul key={copy} className="marquee__group" aria-hidden={copy > 0 ? true : undefined} inert={copy > 0} data-copy={copy}>
              {items.map((item) => (
                <li key={item.name}>
                  <Card item={item} />
                </li>
              ))}
            </ul>
          ))}
        </div>
      </div>
    </section>
  );
}
