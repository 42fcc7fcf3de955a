import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PublicLayout } from '../../../components/layout/public-layout';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useHashScroll } from '../../../lib/use-hash-scroll';
import { ALL_NS } from '../../../locales/resources';
import '../pages.css';

const STEPS = ['s1', 's2', 's3', 's4', 's5'] as const;
const QUESTIONS = ['join', 'password', 'addMember', 'hindi', 'trial', 'plans', 'locations', 'data'] as const;

/** /help: getting started, the questions gyms ask (native disclosure widgets) and About (#about). */
export function HelpPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('pages:help.pageTitle'));
  useHashScroll(true);
  return (
    <PublicLayout>
      <article className="content-page">
        <header className="content-page__header">
          <h1>{t('pages:help.title')}</h1>
          <p className="content-page__intro">{t('pages:help.intro')}</p>
        </header>

        <section className="content-page__section" aria-labelledby="start-title">
          <h2 id="start-title">{t('pages:help.start.title')}</h2>
          <ol className="steps">
            {STEPS.map((s, i) => (
              <li key={s} className="steps__item card">
                <span className="steps__number" aria-hidden="true">
                  {i + 1}
                </span>
                <div>
                  <h3 className="steps__title">{t(`pages:help.start.${s}.title`)}</h3>
                  <p>{t(`pages:help.start.${s}.text`)}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>

        <section className="content-page__section" aria-labelledby="faq-title">
          <h2 id="faq-title">{t('pages:help.faqTitle')}</h2>
          <div className="faq" data-testid="faq">
            {QUESTIONS.map((q) => (
              <details key={q} className="faq__item card">
                <summary className="faq__question">{t(`pages:help.faq.${q}.q`)}</summary>
                <p className="faq__answer">{t(`pages:help.faq.${q}.a`)}</p>
              </details>
            ))}
          </div>
        </section>

        <section id="about" className="content-page__section content-page__anchor" aria-labelledby="about-title" data-testid="about">
          <h2 id="about-title">{t('pages:help.about.title')}</h2>
          <p>{t('pages:help.about.p1')}</p>
          <p>{t('pages:help.about.p2')}</p>
          <p>{t('pages:help.about.p3')}</p>
        </section>

        <p className="content-page__more">
          {t('pages:help.more')}{' '}
          <Link to="/contact" className="link link--strong">
            {t('pages:help.contactLink')}
          </Link>
        </p>
      </article>
    </PublicLayout>
  );
}
