import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PublicLayout } from '../../../components/layout/public-layout';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../landing.css';
import { ALL_NS } from '../../../locales/resources';

const QUESTIONS = ['1', '2', '3', '4'] as const;

export function HelpPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('landing:help.pageTitle'));
  return (
    <PublicLayout>
      <article className="content-page">
        <h1>{t('landing:help.title')}</h1>
        <p className="content-page__intro">{t('landing:help.intro')}</p>
        <div className="faq">
          {QUESTIONS.map((n) => (
            <details key={n} className="faq__item card">
              <summary className="faq__question">{t(`landing:help.q${n}`)}</summary>
              <p className="faq__answer">{t(`landing:help.a${n}`)}</p>
            </details>
          ))}
        </div>
        <p className="content-page__more">
          {t('landing:help.more')}{' '}
          <Link to="/contact" className="link link--strong">
            {t('landing:help.contactLink')}
          </Link>
        </p>
      </article>
    </PublicLayout>
  );
}
