import { AnnouncementAudience, NotificationPriority, type Announcement } from '@akhada/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { Modal } from '../../../components/modal';
import { useUser } from '../../../lib/auth/session';
import { useErrorText } from '../../../lib/use-error-text';
import { useRelativeTime } from '../../../lib/use-relative-time';
import { ALL_NS } from '../../../locales/resources';
import { useAnnouncements, useAnnouncementTrainers, useSendAnnouncement } from '../api/announcements';
import { LocationSelect } from '../../../components/location-select';

/** Staff write to members: everyone, one location, or a group; the latest announcements show sender and reach. */
export function AnnouncementComposer() {
  const { t } = useTranslation(ALL_NS);
  const user = useUser();
  const relative = useRelativeTime();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [audience, setAudience] = useState<AnnouncementAudience>('organization');
  const [locationId, setLocationId] = useState('');
  const [trainerId, setTrainerId] = useState('');
  const [priority, setPriority] = useState<NotificationPriority>('medium');
  const [sent, setSent] = useState<Announcement | null>(null);
  const send = useSendAnnouncement();
  const recent = useAnnouncements(true);
  const trainers = useAnnouncementTrainers(open && audience === 'trainer');
  const { describe, fields } = useErrorText();
  const fieldErrors = send.isError ? fields(send.error) : {};

  const submit = (e: FormEvent) => {
    e.preventDefault();
    send.mutate(
      {
        title,
        message,
        audience,
        priority,
        ...(locationId && audience !== 'trainer' ? { locationId } : {}),
        ...(audience === 'trainer' && trainerId ? { trainerId } : {}),
      },
      {
        onSuccess: (a) => {
          setSent(a);
          setOpen(false);
          setTitle('');
          setMessage('');
        },
      },
    );
  };

  return (
    <section className="announcements card" aria-labelledby="announcements-title">
      <div className="announcements__head">
        <h2 id="announcements-title" className="section-heading">
          {t('notifications:announce.recentTitle')}
        </h2>
        <button type="button" className="btn btn--primary" onClick={() => setOpen(true)} data-testid="announce-open">
          {t('notifications:announce.open')}
        </button>
      </div>
      {sent ? (
        <Alert tone="success" testId="announce-sent">
          {t('notifications:announce.sent', { count: sent.recipientCount })}
        </Alert>
      ) : null}
      {recent.data && recent.data.length > 0 ? (
        <ul className="announcements__list">
          {recent.data.map((a) => (
            <li key={a._id} className="announcements__item" data-testid="announcement-item">
              <span className="announcements__title">{a.title}</span>
              <span className="text-muted">
                {t('notifications:announce.sentBy', { name: a.sentBy.name, count: a.recipientCount })} ·{' '}
                <time dateTime={a.createdAt}>{relative(a.createdAt)}</time>
              </span>
            </li>
          ))}
        </ul>
      ) : recent.data ? (
        <p className="text-muted">{t('notifications:announce.recentEmpty')}</p>
      ) : null}
      <Modal open={open} onClose={() => setOpen(false)} title={t('notifications:announce.title')} testId="announce-dialog">
        <form className="form" onSubmit={submit} noValidate>
          <label className="field">
            <span className="field__label">{t('notifications:announce.titleLabel')}</span>
            <input className="input" value={title} maxLength={120} onChange={(e) => setTitle(e.target.value)} required data-testid="announce-title" />
            {fieldErrors.title ? <span className="field__error">{fieldErrors.title}</span> : null}
          </label>
          <label className="field">
            <span className="field__label">{t('notifications:announce.messageLabel')}</span>
            <textarea
              className="input"
              rows={4}
              value={message}
              maxLength={1000}
              onChange={(e) => setMessage(e.target.value)}
              required
              data-testid="announce-message"
            />
            {fieldErrors.message ? <span className="field__error">{fieldErrors.message}</span> : null}
          </label>
          <label className="field">
            <span className="field__label">{t('notifications:announce.audienceLabel')}</span>
            <select className="input" value={audience} onChange={(e) => setAudience(e.target.value as AnnouncementAudience)} data-testid="announce-audience">
              {AnnouncementAudience.options.map((a) => (
                <option key={a} value={a}>
                  {t(`notifications:announce.audience.${a}`)}
                </option>
              ))}
            </select>
          </label>
          {audience !== 'trainer' && audience !== 'organization' ? (
            <label className="field">
              <span className="field__label">{t('notifications:announce.locationLabel')}</span>
              <LocationSelect
                className="input"
                locations={user.locations}
                value={locationId}
                onChange={setLocationId}
                blank={audience !== 'location' ? t('notifications:announce.allLocations') : ''}
                testId="announce-location"
              />
              {fieldErrors.locationId ? <span className="field__error">{fieldErrors.locationId}</span> : null}
            </label>
          ) : null}
          {audience === 'trainer' ? (
            <label className="field">
              <span className="field__label">{t('notifications:announce.trainerLabel')}</span>
              <select className="input" value={trainerId} onChange={(e) => setTrainerId(e.target.value)} data-testid="announce-trainer">
                <option value="" />
                {(trainers.data ?? []).map((tr) => (
                  <option key={tr._id} value={tr._id}>
                    {tr.fullName}
                  </option>
                ))}
              </select>
              {fieldErrors.trainerId ? <span className="field__error">{fieldErrors.trainerId}</span> : null}
            </label>
          ) : null}
          <label className="field">
            <span className="field__label">{t('notifications:announce.priorityLabel')}</span>
            <select className="input" value={priority} onChange={(e) => setPriority(e.target.value as NotificationPriority)} data-testid="announce-priority">
              {NotificationPriority.options.map((p) => (
                <option key={p} value={p}>
                  {t(`notifications:priority.${p}`)}
                </option>
              ))}
            </select>
          </label>
          {send.isError ? <Alert tone="error">{describe(send.error)}</Alert> : null}
          <div className="form__actions">
            <button type="button" className="btn btn--secondary" onClick={() => setOpen(false)}>
              {t('notifications:announce.cancel')}
            </button>
            <button type="submit" className="btn btn--primary" disabled={send.isPending} data-testid="announce-send">
              {send.isPending ? t('notifications:announce.sending') : t('notifications:announce.send')}
            </button>
          </div>
        </form>
      </Modal>
    </section>
  );
}
