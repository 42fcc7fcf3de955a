import { useTranslation } from 'react-i18next';
import { PublicLayout } from '../../../components/layout/public-layout';
import { GRIEVANCE_EMAIL, PRIVACY_EMAIL } from '../../../lib/site';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useHashScroll } from '../../../lib/use-hash-scroll';
import { ALL_NS } from '../../../locales/resources';
import '../pages.css';

const COLLECTED = ['account', 'members', 'attendance', 'payments', 'contact', 'device'] as const;
const PURPOSES = ['service', 'security', 'support', 'legal'] as const;
const RETENTION = ['account', 'members', 'payments', 'contact', 'logs'] as const;
const RIGHTS = ['access', 'correction', 'erasure', 'grievance', 'nominate'] as const;
const SECTIONS = [
  'who',
  'collect',
  'purposes',
  'basis',
  'retention',
  'rights',
  'withdraw',
  'grievance',
  'children',
  'transfers',
  'security',
  'updates',
] as const;

/** /privacy: the privacy notice under India's Digital Personal Data Protection Act, 2023. */
export function PrivacyPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('pages:privacy.pageTitle'));
  useHashScroll(true);
  const mail = (email: string) => (
    <a className="link link--strong" href={`mailto:${email}`}>
      {email}
    </a>
  );
  const withEmail = (text: string, email: string) => {
    const [before, after] = text.split(email);
    return (
      <>
        {before}
        {mail(email)}
        {after}
      </>
    );
  };
  return (
    <PublicLayout>
      <article className="content-page privacy">
        <header className="content-page__header">
          <h1>{t('pages:privacy.title')}</h1>
          <p className="content-page__updated">{t('pages:privacy.updated')}</p>
          <p className="content-page__intro">{t('pages:privacy.intro')}</p>
        </header>
        <nav className="card privacy__contents" aria-labelledby="privacy-contents">
          <h2 id="privacy-contents" className="privacy__contents-title">
            {t('pages:privacy.contents')}
          </h2>
          <ol>
            {SECTIONS.map((s) => (
              <li key={s}>
                <a href={`#${s}`} className="link">
                  {t(`pages:privacy.${s}.title`)}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <section id="who" className="content-page__section content-page__anchor">
          <h2>{t('pages:privacy.who.title')}</h2>
          <p>{t('pages:privacy.who.p1')}</p>
          <p>{t('pages:privacy.who.p2')}</p>
        </section>
        <section id="collect" className="content-page__section content-page__anchor" data-testid="privacy-collect">
          <h2>{t('pages:privacy.collect.title')}</h2>
          <p>{t('pages:privacy.collect.intro')}</p>
          <ul className="content-page__list">
            {COLLECTED.map((k) => (
              <li key={k}>{t(`pages:privacy.collect.${k}`)}</li>
            ))}
          </ul>
        </section>
        <section id="purposes" className="content-page__section content-page__anchor">
          <h2>{t('pages:privacy.purposes.title')}</h2>
          <ul className="content-page__list">
            {PURPOSES.map((k) => (
              <li key={k}>{t(`pages:privacy.purposes.${k}`)}</li>
            ))}
          </ul>
          <p>{t('pages:privacy.purposes.noSale')}</p>
        </section>
        <section id="basis" className="content-page__section content-page__anchor">
          <h2>{t('pages:privacy.basis.title')}</h2>
          <p>{t('pages:privacy.basis.p1')}</p>
          <p>{t('pages:privacy.basis.p2')}</p>
        </section>
        <section id="retention" className="content-page__section content-page__anchor">
          <h2>{t('pages:privacy.retention.title')}</h2>
          <ul className="content-page__list">
            {RETENTION.map((k) => (
              <li key={k}>{t(`pages:privacy.retention.${k}`)}</li>
            ))}
          </ul>
          <p>{t('pages:privacy.retention.end')}</p>
        </section>
        <section id="rights" className="content-page__section content-page__anchor">
          <h2>{t('pages:privacy.rights.title')}</h2>
          <p>{t('pages:privacy.rights.intro')}</p>
          <ul className="content-page__list">
            {RIGHTS.map((k) => (
              <li key={k}>{t(`pages:privacy.rights.${k}`)}</li>
            ))}
          </ul>
          <p>{withEmail(t('pages:privacy.rights.how', { email: PRIVACY_EMAIL }), PRIVACY_EMAIL)}</p>
        </section>
        <section id="withdraw" className="content-page__section content-page__anchor">
          <h2>{t('pages:privacy.withdraw.title')}</h2>
          <p>{withEmail(t('pages:privacy.withdraw.p1', { email: PRIVACY_EMAIL }), PRIVACY_EMAIL)}</p>
          <p>{t('pages:privacy.withdraw.p2')}</p>
        </section>
        <section id="grievance" className="content-page__section content-page__anchor" data-testid="privacy-grievance">
          <h2>{t('pages:privacy.grievance.title')}</h2>
          <p>{t('pages:privacy.grievance.p1')}</p>
          <address className="card privacy__officer">
            <strong>{t('pages:privacy.grievance.name')}</strong>
            <span>
              {t('pages:privacy.grievance.emailLabel')}: {mail(GRIEVANCE_EMAIL)}
            </span>
          </address>
          <p>{t('pages:privacy.grievance.p2')}</p>
        </section>
        <section id="children" className="content-page__section content-page__anchor">
          <h2>{t('pages:privacy.children.title')}</h2>
          <p>{t('pages:privacy.children.p1')}</p>
        </section>
        <section id="transfers" className="content-page__section content-page__anchor">
          <h2>{t('pages:privacy.transfers.title')}</h2>
          <p>{t('pages:privacy.transfers.p1')}</p>
          <p>{t('pages:privacy.transfers.p2')}</p>
        </section>
        <section id="security" className="content-page__section content-page__anchor">
          <h2>{t('pages:privacy.security.title')}</h2>
          <p>{t('pages:privacy.security.p1')}</p>
        </section>
        <section id="updates" className="content-page__section content-page__anchor">
          <h2>{t('pages:privacy.updates.title')}</h2>
          <p>{t('pages:privacy.updates.p1')}</p>
        </section>
      </article>
    </PublicLayout>
  );
}
