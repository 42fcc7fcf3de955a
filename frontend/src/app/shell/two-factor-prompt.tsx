import type { User } from '@akhada/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ShieldIcon } from '../../components/icons/shield';
import { clearTwoFactorPrompt, isTwoFactorPromptDue } from '../../lib/auth/two-factor-prompt';

/**
 * After an owner's sign-in, until they enrol: a prompt at the top of the page to set up two-factor sign-in (Settings →
 * Security), answered with "Set it up now" or "Not now". It does not block the page (a modal would stand between the
 * owner and the dashboard on every sign-in); the next sign-in asks again.
 */
export function TwoFactorPrompt({ user }: { user: User }) {
  const { t } = useTranslation(['security']);
  const navigate = useNavigate();
  const [open, setOpen] = useState(() => user.twoFactorEnrolment === 'suggested' && isTwoFactorPromptDue());
  if (!open || user.twoFactorEnrolment !== 'suggested') return null;
  const close = () => {
    clearTwoFactorPrompt();
    setOpen(false);
  };
  return (
    <section className="trial-banner trial-banner--trial two-factor-prompt" aria-labelledby="two-factor-prompt-title" data-testid="two-factor-prompt">
      <ShieldIcon size={18} className="trial-banner__icon" />
      <div className="trial-banner__text">
        {/* Not a heading: the banner sits above the page's own h1. */}
        <p className="two-factor-prompt__title" id="two-factor-prompt-title">
          {t('security:prompt.title')}
        </p>
        <p>{t('security:prompt.body')}</p>
      </div>
      <div className="two-factor-prompt__actions">
        <button
          type="button"
          className="btn btn--primary btn--sm"
          onClick={() => {
            close();
            void navigate('/dashboard/settings?tab=security');
          }}
          data-testid="two-factor-prompt-setup"
        >
          {t('security:prompt.setUp')}
        </button>
        <button type="button" className="btn btn--secondary btn--sm" onClick={close} data-testid="two-factor-prompt-later">
          {t('security:prompt.later')}
        </button>
      </div>
    </section>
  );
}
