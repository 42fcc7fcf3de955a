import { useTranslation } from 'react-i18next';
import { MailIcon, ShieldIcon } from '../../../components/icons';
import { PublicLayout } from '../../../components/layout/public-layout';
import { PRIVACY_EMAIL, SUPPORT_EMAIL } from '../../../lib/site';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../landing.css';
import { ALL_NS } from '../../../locales/resources';

export function ContactPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('landing:contact.pageTitle'));
  return (
    <PublicLayout>
      <article className="content-page">
        <h1>{t('landing:contact.title')}</h1>
        <p className="content-page__intro">{t('landing:contact.intro')}</p>
        <div className="contact-grid">
          <section className="card contact-card" aria-labelledby="contact-support">
            <MailIcon size={22} className="contact-card__icon" />
            <h2 id="contact-support">{t('landing:contact.supportTitle')}</h2>
            <p>{t('landing:contact.supportText')}</p>
            <p>
              <span className="contact-card__label">{t('landing:contact.emailLabel')}: </span>
              <a className="link link--strong" href={`mailto:${SUPPORT_EMAIL}`}>
                {SUPPORT_EMAIL}
              </a>
            </p>
          </section>
          <section className="card contact-card" aria-labelledby="contact-privacy">
            <ShieldIcon size={22} className="contact-card__icon" />
            <h2 id="contact-privacy">{t('landing:contact.privacyTitle')}</h2>
            <p>{t('landing:contact.privacyText')}</p>
            <p>
              <span className="contact-card__label">{t('landing:contact.emailLabel')}: </span>
              <a className="link link--strong" href={`mailto:${PRIVACY_EMAIL}`}>
                {PRIVACY_EMAIL}
              </a>
            </p>
          </section>
        </div>
      </article>
    </PublicLayout>
  );
}
