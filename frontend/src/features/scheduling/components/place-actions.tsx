import type { BookingStatus } from '@akhada/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { useToast } from '../../../components/toast';
import { useUser } from '../../../lib/auth/session';
import type { Translate } from '../../../lib/relative-time';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useBookClass, useCancelBooking, useConfirmPlace } from '../api/scheduling-api';
import { refusalText } from '../lib/refusal';
import { timeIn } from '../lib/week';

export interface Place {
  status: BookingStatus;
  position: number | null;
  offerExpiresAt: string | null;
}

/** The member's place in a class, in words: "You're in", "Waitlist position 2", "A place is yours: confirm by 18:30". */
export function PlaceStatus({ place, timeZone }: { place: Place; timeZone: string }) {
  const { t } = useTranslation(ALL_NS);
  switch (place.status) {
    case 'booked':
      return <span className="badge badge--success">{t('scheduling:book.youreIn')}</span>;
    case 'waitlisted':
      return <span className="badge badge--info">{t('scheduling:book.waitlistPosition', { position: place.position ?? 1 })}</span>;
    case 'offered':
      return (
        <span className="badge badge--warning">
          {t('scheduling:book.offered', { time: place.offerExpiresAt ? timeIn(place.offerExpiresAt, timeZone) : '' })}
        </span>
      );
    default:
      return <span className="badge badge--neutral">{t(`scheduling:status.${place.status}`)}</span>;
  }
}

/**
 * What a member can do about one class: book or join its waitlist, cancel or leave, confirm an offered place. A refused
 * booking shows the service's reason (expired, frozen, allowance used, paused…) beside the class; after an action focus
 * goes to the class's status so a screen reader hears the outcome.
 */
export function PlaceActions({
  classId,
  className,
  place,
  full,
  bookable,
  timeZone,
  label,
}: {
  classId: string;
  className: string;
  place: Place | null;
  full: boolean;
  bookable: boolean;
  timeZone: string;
  /** The accessible name of the book button (class, date and time). */
  label: string;
}) {
  const { t, i18n } = useTranslation(ALL_NS);
  const user = useUser();
  const toast = useToast();
  const { describe } = useErrorText();
  const book = useBookClass();
  const cancel = useCancelBooking();
  const confirm = useConfirmPlace();
  const [refusal, setRefusal] = useState<string | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const busy = book.isPending || cancel.isPending || confirm.isPending;
  const ids = { id: classId, memberId: user._id };
  const failed = (e: unknown) => setRefusal(refusalText(e, t as unknown as Translate, i18n.language) ?? describe(e));
  const after = (text: string) => {
    setRefusal(null);
    toast.success(text);
    // The status replaces the button that was pressed: focus follows (once React has drawn it).
    requestAnimationFrame(() => statusRef.current?.focus());
  };
  const active = place && (place.status === 'booked' || place.status === 'waitlisted' || place.status === 'offered');

  return (
    <div className="sched-place">
      <div className="sched-place__status" tabIndex={-1} ref={statusRef} data-testid="place-status" aria-live="polite">
        {place && place.status !== 'cancelled' && place.status !== 'expired' ? <PlaceStatus place={place} timeZone={timeZone} /> : null}
      </div>
      <div className="sched-place__actions">
        {place?.status === 'offered' ? (
          <button
            type="button"
            className="btn btn--primary btn--sm"
            disabled={busy}
            onClick={() => confirm.mutate(ids, { onSuccess: () => after(t('scheduling:book.confirmed', { name: className })), onError: failed })}
            data-testid="place-confirm"
          >
            {t('scheduling:book.confirm')}
          </button>
        ) : null}
        {active && bookable ? (
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            disabled={busy}
            onClick={() =>
              cancel.mutate(ids, {
                onSuccess: (b) => after(b.late ? t('scheduling:book.lateCancelled') : t('scheduling:book.cancelledBooking')),
                onError: failed,
              })
            }
            data-testid="place-cancel"
          >
            {place.status === 'waitlisted' ? t('scheduling:book.leaveWaitlist') : t('scheduling:book.cancelBooking')}
          </button>
        ) : null}
        {!active && bookable && (!place || place.status === 'cancelled' || place.status === 'expired') ? (
          <button
            type="button"
            className={`btn btn--sm ${full ? 'btn--secondary' : 'btn--primary'}`}
            disabled={busy}
            aria-label={label}
            onClick={() =>
              book.mutate(
                { id: classId },
                {
                  onSuccess: (b) =>
                    after(
                      b.status === 'waitlisted'
                        ? t('scheduling:book.waitlisted', { name: className, position: b.position ?? 1 })
                        : t('scheduling:book.booked', { name: className }),
                    ),
                  onError: failed,
                },
              )
            }
            data-testid="place-book"
          >
            {full ? t('scheduling:book.joinWaitlist') : t('scheduling:book.book')}
          </button>
        ) : null}
      </div>
      {refusal ? (
        <div className="sched-place__refusal">
          <Alert tone="error" title={t('scheduling:book.refusedTitle', { name: className })} testId="place-refusal">
            {refusal}
          </Alert>
        </div>
      ) : null}
    </div>
  );
}
