import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ALL_NS } from '../../locales/resources';

/** Footer of the public pages: About, Features, Pricing, Help, Contact, Privacy Policy and the copyright line. */
export function PublicFooter() {
  const { t } = useTranslation(ALL_NS);
  return (
    <footer className="public-footer" data-testid="public-footer">
      <nav aria-label={t('common:footer.label')} className="public-footer__links">
        <Link to="/help#about" data-testid="footer-about">
          {t('common:footer.about')}
        </Link>
        <Link to="/#features" data-testid="footer-features">
          {t('common:footer.features')}
        </Link>
        <Link to="/#pricing" data-testid="footer-pricing">
          {t('common:footer.pricing')}
        </Link>
        <Link to="/help" data-testid="footer-help">
          {t('common:footer.help')}
        </Link>
        <Link to="/contact" data-testid="footer-contact">
          {t('common:footer.contact')}
        </Link>
        <Link to="/privacy" data-testid="footer-privacy">
          {t('common:footer.privacy')}
        </Link>
      </nav>
      <p className="public-footer__copy">{t('common:footer.copyright')}</p>
    </footer>
  );
}
