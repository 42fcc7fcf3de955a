import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSession } from '../lib/auth/session';
import { ALL_NS } from '../locales/resources';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" className="logo__tile" />
      <g className="logo__bell">
        <rect x="10" y="14.6" width="12" height="2.8" rx="1.2" />
        <rect x="7.2" y="9.5" width="3.8" height="13" rx="1.4" />
        <rect x="21" y="9.5" width="3.8" height="13" rx="1.4" />
        <rect x="4.4" y="12.2" width="2.4" height="7.6" rx="1" />
        <rect x="25.2" y="12.2" width="2.4" height="7.6" rx="1" />
      </g>
    </svg>
  );
}

/** The brand: goes to /dashboard when signed in, otherwise to /. Its size follows the screen width (CSS). */
export function Logo({ compact = false, onClick }: { compact?: boolean; onClick?: () => void }) {
  const { t } = useTranslation(ALL_NS);
  const { user } = useSession();
  return (
    <Link
      to={user ? '/dashboard' : '/'}
      className={`logo${compact ? ' logo--compact' : ''}`}
      aria-label={t('common:brand')}
      onClick={onClick}
      data-testid="logo"
    >
      <LogoMark className="logo__mark" />
      <span className="logo__text" aria-hidden="true">
        {t('common:brand')}
      </span>
    </Link>
  );
}
