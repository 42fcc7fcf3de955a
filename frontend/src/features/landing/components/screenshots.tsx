import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon } from '../../../components/icons/chevron-left';
import { ChevronRightIcon } from '../../../components/icons/chevron-right';
import { ExpandIcon } from '../../../components/icons/expand';
import { ALL_NS } from '../../../locales/resources';
import type { LandingContent } from '../api/get-landing-content';
import { carouselEnds, stepIndex } from '../lib/carousel';
import { Lightbox } from './lightbox';
import { SectionHeading } from './section-heading';

/** Six real screens (#demo): previous/next stop at the ends; a click opens the image full screen. */
export function Screenshots({ heading, shots }: { heading: LandingContent['sections']['screenshots']; shots: LandingContent['screenshots'] }) {
  const { t } = useTranslation(ALL_NS);
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState(false);
  const shot = shots[index];
  const { canPrevious, canNext } = carouselEnds(index, shots.length);
  if (!shot) return null;
  return (
    <section id="demo" className="landing-section landing-anchor" aria-labelledby="screenshots-title" data-testid="screenshots">
      <SectionHeading id="screenshots-title" heading={heading} />
      <div className="carousel" role="group" aria-roledescription="carousel" aria-label={t('landing:screenshots.region')}>
        <figure className="carousel__slide" aria-live="polite">
          <button type="button" className="carousel__open" onClick={() => setOpen(true)} data-testid="screenshot-open">
            <img key={shot.src} src={shot.src} alt={shot.alt} width={1280} height={800} loading="lazy" decoding="async" data-testid="screenshot-image" />
            <span className="carousel__enlarge" aria-hidden="true">
              <ExpandIcon size={16} />
            </span>
            <span className="visually-hidden">{t('landing:screenshots.enlarge')}</span>
          </button>
          <figcaption className="carousel__caption">{shot.caption}</figcaption>
        </figure>
        <div className="carousel__controls">
          <button
            type="button"
            className="icon-btn carousel__button"
            onClick={() => setIndex((i) => stepIndex(i, -1, shots.length))}
            disabled={!canPrevious}
            aria-label={t('landing:screenshots.previous')}
            data-testid="screenshot-previous"
          >
            <ChevronLeftIcon size={22} />
          </button>
          <span className="carousel__position" data-testid="screenshot-position">
            {t('landing:screenshots.position', { current: index + 1, total: shots.length })}
          </span>
          <button
            type="button"
            className="icon-btn carousel__button"
            onClick={() => setIndex((i) => stepIndex(i, 1, shots.length))}
            disabled={!canNext}
            aria-label={t('landing:screenshots.next')}
            data-testid="screenshot-next"
          >
            <ChevronRightIcon size={22} />
          </button>
        </div>
      </div>
      <Lightbox image={open ? shot : null} onClose={() => setOpen(false)} />
    </section>
  );
}
