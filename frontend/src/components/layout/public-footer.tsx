import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ALL_NS } from '../../locales/resources';

export function PublicFooter() {
  const { t } = useTranslation(ALL_NS);
  return (
    <footer className="public-footer">
      <nav aria-label={t('common:footer.label')} className="public-footer__links">
        <Link to="/#features">{t('common:footer.about')}</Link>
        <Link to="/help">{t('common:footer.help')}</Link>
        <Link to="/contact">{t('common:footer.contact')}</Link>
        <Link to="/privacy">{t('common:footer.privacy')}</Link>
      </nav>
      <p className="public-footer__copy">{t('common:footer.copyright')}</p>
    </footer>
  );
}
