import { useTranslation } from 'react-i18next';
import { MailIcon } from '../../../components/icons/mail';
import { ShieldIcon } from '../../../components/icons/shield';
import { PublicLayout } from '../../../components/layout/public-layout';
import { PRIVACY_EMAIL, SUPPORT_EMAIL } from '../../../lib/site';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ALL_NS } from '../../../locales/resources';
import { ContactForm } from '../components/contact-form';
import '../pages.css';

/** /contact: the enquiry form (stored server-side, confirmed with a reference) and the addresses to write to. */
export function ContactPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('pages:contact.pageTitle'));
  return (
    <PublicLayout>
      <article className="content-page content-page--wide">
        <header className="content-page__header">
          <h1>{t('pages:contact.title')}</h1>
          <p className="content-page__intro">{t('pages:contact.intro')}</p>
        </header>
        <div className="contact-layout">
          <section className="card contact-form" aria-labelledby="contact-form-title">
            <h2 id="contact-form-title" className="contact-form__title">
              {t('pages:contact.formTitle')}
            </h2>
            <ContactForm />
          </section>
          <div className="contact-aside">
            <section className="card contact-card" aria-labelledby="contact-support">
              <MailIcon size={22} className="contact-card__icon" />
              <h2 id="contact-support">{t('pages:contact.supportTitle')}</h2>
              <p>{t('pages:contact.supportText')}</p>
              <p>
                <span className="contact-card__label">{t('pages:contact.emailLabel')}: </span>
                <a className="link link--strong" href={`mailto:${SUPPORT_EMAIL}`}>
                  {SUPPORT_EMAIL}
                </a>
              </p>
            </section>
            <section className="card contact-card" aria-labelledby="contact-privacy">
              <ShieldIcon size={22} className="contact-card__icon" />
              <h2 id="contact-privacy">{t('pages:contact.privacyTitle')}</h2>
              <p>{t('pages:contact.privacyText')}</p>
              <p>
                <span className="contact-card__label">{t('pages:contact.emailLabel')}: </span>
                <a className="link link--strong" href={`mailto:${PRIVACY_EMAIL}`}>
                  {PRIVACY_EMAIL}
                </a>
              </p>
            </section>
          </div>
        </div>
      </article>
    </PublicLayout>
  );
}
