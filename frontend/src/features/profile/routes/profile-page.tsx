import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useUser } from '../../../lib/auth/session';
import { formatDate } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ChangePasswordForm } from '../components/change-password-form';
import { ProfileForm } from '../components/profile-form';
import { ProfilePicture } from '../components/profile-picture';
import '../profile.css';
import { ALL_NS } from '../../../locales/resources';

export function ProfilePage() {
  const { t, i18n } = useTranslation(ALL_NS);
  useDocumentTitle(t('profile:pageTitle'));
  const user = useUser();
  return (
    <div className="page profile-page">
      <PageHeader title={t('profile:title')} subtitle={t('profile:subtitle')} />
      <div className="profile-layout">
        <aside className="card profile-summary" aria-labelledby="profile-summary-name">
          <ProfilePicture />
          <h2 id="profile-summary-name" className="profile-summary__name">
            {user.fullName}
          </h2>
          <p className="profile-summary__email break">{user.email}</p>
          <dl className="facts">
            <div>
              <dt>{t('profile:account.role')}</dt>
              <dd>{t(`shell:roles.${user.role}`)}</dd>
            </div>
            <div>
              <dt>{t('profile:account.gym')}</dt>
              <dd>{user.organization.name}</dd>
            </div>
            <div>
              <dt>{t('profile:account.memberSince')}</dt>
              <dd>{formatDate(user.createdAt, i18n.language)}</dd>
            </div>
          </dl>
        </aside>
        <div className="profile-main">
          <section className="card" aria-label={t('profile:title')}>
            <ProfileForm />
          </section>
          <section className="card" aria-labelledby="password-title">
            <h2 id="password-title" className="card__title">
              {t('profile:password.title')}
            </h2>
            <ChangePasswordForm />
          </section>
        </div>
      </div>
    </div>
  );
}
