import type { User } from '@akhada/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Modal } from '../../components/modal';
import { clearTwoFactorPrompt, isTwoFactorPromptDue } from '../../lib/auth/two-factor-prompt';

/** After an owner's sign-in, until they enrol: a dismissible prompt to set up two-factor sign-in (Settings → Security). */
export function TwoFactorPrompt({ user }: { user: User }) {
  const { t } = useTranslation(['security']);
  const navigate = useNavigate();
  const [open, setOpen] = useState(() => user.twoFactorEnrolment === 'suggested' && isTwoFactorPromptDue());
  if (!open) return null;
  const close = () => {
    clearTwoFactorPrompt();
    setOpen(false);
  };
  return (
    <Modal
      open
      onClose={close}
      title={t('security:prompt.title')}
      size="sm"
      testId="two-factor-prompt"
      footer={
        <>
          <button type="button" className="btn btn--secondary" onClick={close} data-testid="two-factor-prompt-later">
            {t('security:prompt.later')}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            data-autofocus
            onClick={() => {
              close();
              void navigate('/dashboard/settings?tab=security');
            }}
            data-testid="two-factor-prompt-setup"
          >
            {t('security:prompt.setUp')}
          </button>
        </>
      }
    >
      <p>{t('security:prompt.body')}</p>
    </Modal>
  );
}
