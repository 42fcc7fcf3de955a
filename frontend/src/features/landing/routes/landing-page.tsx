import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RefreshIcon } from '../../../components/icons/refresh';
import { PublicFooter } from '../../../components/layout/public-footer';
import { Spinner } from '../../../components/spinner';
import { ALL_NS } from '../../../locales/resources';
import { LandingContentError, useLandingContent } from '../api/get-landing-content';
import { LandingHeader } from '../components/landing-header';
import { LandingView, MorePlaceholder } from '../components/landing-view';
import { useLandingMeta } from '../hooks/use-landing-meta';
import '../landing.css';

// Everything below the first screen starts loading with this module, in parallel with the content.
const loadMore = () => import('../components/landing-more');
const LandingMore = lazy(loadMore);
loadMore().catch(() => undefined); // rendering retries it and shows the error screen if it fails again

/** The public landing page (/): every section's text comes from GET /api/public/landing in the UI language. */
export function LandingPage() {
  const { t, i18n } = useTranslation(ALL_NS);
  const lang = i18n.language === 'hi' ? 'hi' : 'en';
  const query = useLandingContent(lang);
  const content = query.data;
  useLandingMeta(content?.seo, lang);

  // The first screen paints first; the rest renders afterwards in a transition, in small slices that keep the page
  // responsive instead of one long task.
  const [showMore, setShowMore] = useState(false);
  useEffect(() => {
    if (!content || showMore) return;
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setShowMore(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [content, showMore]);

  // Until the content is here the page shows only its loading state: header, banner and footer appear together with
  // the content, so nothing that was already painted moves (no layout shift).
  if (!content) {
    if (query.isError) {
      return (
        <div className="public-layout landing">
          <LandingHeader banner={null} />
          <main id="main" className="landing__main">
            <div className="landing__state" role="alert" data-testid="landing-error">
              <p className="landing__state-title">
                {t('landing:loadError', {
                  message: query.error instanceof LandingContentError && query.error.status === 0 ? t('landing:offline') : t('landing:loadFailed'),
                })}
              </p>
              <button type="button" className="btn btn--primary" onClick={() => void query.refetch()} disabled={query.isFetching}>
                <RefreshIcon size={16} />
                {t('common:actions.retry')}
              </button>
            </div>
          </main>
          <PublicFooter />
        </div>
      );
    }
    return (
      <main id="main" className="landing__state landing__state--full" role="status" data-testid="landing-loading">
        <Spinner size="lg" />
        <p className="landing__state-title">{t('common:loading')}</p>
      </main>
    );
  }

  return (
    <LandingView content={content}>
      <Suspense fallback={<MorePlaceholder />}>{showMore ? <LandingMore content={content} /> : <MorePlaceholder />}</Suspense>
    </LandingView>
  );
}
