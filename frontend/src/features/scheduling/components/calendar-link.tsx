import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { CopyField } from '../../../components/copy-field';
import { Modal } from '../../../components/modal';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useMakeCalendar, useMyCalendar } from '../api/scheduling-api';
import { isUpgradeRequired } from '../lib/refusal';

/** The feed's address a phone calendar subscribes to: the app's origin and the path the service gave. */
export const feedUrl = (path: string, origin: string = window.location.origin) => `${origin}${path}`;
/** The same address with the webcal:// scheme, which a phone hands to its calendar app. */
export const webcalUrl = (url: string) => url.replace(/^https?:\/\//, 'webcal://');

/**
 * "Add to your phone's calendar" on My bookings: makes the member's private iCalendar link (a new one stops the old
 * one, so remaking asks first), shows it once in a read-only field with Copy and "Open in calendar app" (webcal://),
 * and says to keep it private. "Copied" is announced through a polite live region.
 */
export function CalendarLink() {
  const { t, i18n } = useTranslation(ALL_NS);
  const { describe } = useErrorText();
  const feed = useMyCalendar();
  const make = useMakeCalendar();
  const [url, setUrl] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const noteId = useId();

  if (feed.isError && isUpgradeRequired(feed.error)) return null;
  const since = feed.data?.createdAt ?? null;

  const onMake = () => {
    setConfirming(false);
    make.mutate(undefined, {
      onSuccess: (made) => {
        if (!made.path) return;
        setUrl(feedUrl(made.path));
        // The new link is what the member came for: focus it, so a screen reader reads its label and address.
        requestAnimationFrame(() => field.current?.focus());
      },
    });
  };

  return (
    <section className="card sched-card sched-calendar" aria-labelledby={headingId} data-testid="calendar-link">
      <h2 className="sched-calendar__title" id={headingId}>
        {t('scheduling:calendar.title')}
      </h2>
      <p className="sched-muted">{t('scheduling:calendar.explain')}</p>
      {url ? (
        <div className="sched-calendar__made">
          <CopyField
            value={url}
            label={t('scheduling:calendar.linkLabel')}
            copyLabel={t('scheduling:calendar.copy')}
            copiedText={t('scheduling:calendar.copied')}
            failedText={t('scheduling:calendar.copyFailed')}
            describedBy={noteId}
            inputRef={field}
            testIds={{ field: 'calendar-url', copy: 'calendar-copy', copied: 'calendar-copied' }}
          />
          <p className="sched-calendar__note" id={noteId}>
            {t('scheduling:calendar.private')}
          </p>
          <a className="btn btn--primary sched-calendar__open" href={webcalUrl(url)} data-testid="calendar-open">
            {t('scheduling:calendar.open')}
          </a>
        </div>
      ) : null}
      {make.isError ? (
        <Alert tone="error" title={t('scheduling:calendar.failed')}>
          {describe(make.error)}
        </Alert>
      ) : null}
      <div className="sched-calendar__actions">
        <button
          type="button"
          className={`btn ${url ? 'btn--ghost' : 'btn--secondary'}`}
          disabled={make.isPending || feed.isPending}
          onClick={() => (since ? setConfirming(true) : onMake())}
          data-testid="calendar-make"
        >
          {make.isPending ? t('scheduling:calendar.making') : since ? t('scheduling:calendar.remake') : t('scheduling:calendar.make')}
        </button>
        {since && !url ? (
          <span className="sched-muted" data-testid="calendar-since">
            {t('scheduling:calendar.since', { date: new Date(since).toLocaleDateString(i18n.language, { day: 'numeric', month: 'short', year: 'numeric' }) })}
          </span>
        ) : null}
      </div>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('scheduling:calendar.confirmTitle')}
        size="sm"
        testId="calendar-confirm"
        footer={
          <>
            <button type="button" className="btn btn--secondary" onClick={() => setConfirming(false)} data-autofocus>
              {t('scheduling:calendar.keep')}
            </button>
            <button type="button" className="btn btn--primary" onClick={onMake} data-testid="calendar-confirm-make">
              {t('scheduling:calendar.remake')}
            </button>
          </>
        }
      >
        <p>{t('scheduling:calendar.confirmBody')}</p>
      </Modal>
    </section>
  );
}
