import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../../components/icons/close';
import { ALL_NS } from '../../../locales/resources';
import { ATTENDANCE_TOAST_MS } from '../lib/feedback';

export interface Feedback {
  type: 'success' | 'error';
  message: string;
}

/** The scanner's one message at a time, gone after 5 seconds (or when dismissed). */
export function useFeedback() {
  const [feedback, setFeedback] = useState<(Feedback & { id: number }) | null>(null);
  const next = useRef(1);
  const show = useCallback((f: Feedback) => setFeedback({ ...f, id: next.current++ }), []);
  const clear = useCallback(() => setFeedback(null), []);
  useEffect(() => {
    if (!feedback) return;
    const timer = setTimeout(() => setFeedback((f) => (f?.id === feedback.id ? null : f)), ATTENDANCE_TOAST_MS);
    return () => clearTimeout(timer);
  }, [feedback]);
  return { feedback, show, clear };
}

export function AttendanceToast({ feedback, onDismiss }: { feedback: Feedback | null; onDismiss: () => void }) {
  const { t } = useTranslation(ALL_NS);
  return (
    <div className="att-toast-region" aria-live="polite">
      {feedback ? (
        <div className={`toast toast--${feedback.type}`} role={feedback.type === 'error' ? 'alert' : 'status'} data-testid="attendance-toast">
          <span className="toast__message">{feedback.message}</span>
          <button type="button" className="toast__close" onClick={onDismiss} aria-label={t('attendance:scan.dismiss')}>
            <CloseIcon size={16} />
          </button>
        </div>
      ) : null}
    </div>
  );
}
