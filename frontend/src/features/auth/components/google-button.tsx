import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { GoogleIcon } from '../../../components/icons/google';
import { ALL_NS } from '../../../locales/resources';

/** There is no Google sign-in on the server, so the button says so instead of pretending. */
export function GoogleButton() {
  const { t } = useTranslation(ALL_NS);
  const noteId = useId();
  return (
    <div className="google-signin">
      <div className="divider" role="separator">
        <span>{t('auth:or')}</span>
      </div>
      <button type="button" className="btn btn--secondary btn--block" disabled aria-describedby={noteId} data-testid="google-button">
        <GoogleIcon size={18} />
        {t('auth:google.button')}
      </button>
      <p id={noteId} className="google-signin__note">
        {t('auth:google.note')}
      </p>
    </div>
  );
}
