import { useTranslation } from 'react-i18next';
import { PublicLayout } from '../../../components/layout/public-layout';
import { PRIVACY_EMAIL } from '../../../lib/site';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../landing.css';
import { ALL_NS } from '../../../locales/resources';

const SECTIONS = ['collect', 'use', 'device'] as const;

export function PrivacyPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('landing:privacy.pageTitle'));
  return (
    <PublicLayout>
      <article className="content-page">
        <h1>{t('landing:privacy.title')}</h1>
        <p className="content-page__intro">{t('landing:privacy.intro')}</p>
        {SECTIONS.map((s) => (
          <section key={s} className="content-page__section">
            <h2>{t(`landing:privacy.${s}Title`)}</h2>
            <p>{t(`landing:privacy.${s}Text`)}</p>
          </section>
        ))}
        <section className="content-page__section">
          <h2>{t('landing:privacy.rightsTitle')}</h2>
          <p>{t('landing:privacy.rightsText', { email: PRIVACY_EMAIL })}</p>
        </section>
      </article>
    </PublicLayout>
  );
}
