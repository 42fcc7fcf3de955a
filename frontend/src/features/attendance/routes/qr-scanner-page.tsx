import { CheckInBody, type PaymentOverdue } from '@akhada/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Form } from '../../../components/form/form';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { TextareaField } from '../../../components/form/textarea-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { REQUIRED } from '../../../components/form/field-message';
import { PageHeader } from '../../../components/page-header';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ALL_NS } from '../../../locales/resources';
import { useAttendanceMutations } from '../api/attendance-api';
import { AttendanceToast, useFeedback } from '../components/attendance-toast';
import { CameraView } from '../components/camera-panel';
import { LetInOnceDialog } from '../components/let-in-once-dialog';
import { ManualCheckInDialog } from '../components/manual-check-in-dialog';
import { OverdueRefusal } from '../components/overdue-refusal';
import { CheckInMemberField, type MemberValues } from '../components/member-field';
import { serverMessage } from '../lib/feedback';
import { overdueOf } from '../lib/overdue';
import { useQrScanner } from '../../../lib/scanner/use-code-scanner';
import '../attendance.css';

/** How a trial pass's code is printed (an example, the same in every language). */
const PASS_CODE_EXAMPLE = 'TP-ABCDE-FGHJK';

const WORKOUTS = ['cardio', 'strength', 'yoga', 'pilates', 'crossfit', 'swimming', 'other'] as const;
type WorkoutType = (typeof WORKOUTS)[number];

interface QuickForm extends MemberValues {
  trainerId: string;
  workoutType: WorkoutType;
  notes: string;
}
const EMPTY: QuickForm = { memberId: '', memberText: '', trainerId: '', workoutType: 'other', notes: '' };

const toBody = (v: QuickForm) => ({
  memberId: v.memberId.trim() || undefined,
  trainerId: v.trainerId.trim() || undefined,
  workoutType: v.workoutType,
  notes: v.notes,
  checkInMethod: 'manual' as const,
});

/**
 * /dashboard/attendance/scan: the camera scanner, Manual Check-in, the Quick Check-in/Check-out form and help. The
 * desk finds the member by name, phone or member ID (the member picker), not only by the internal id.
 */
export function QrScannerPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('attendance:scan.pageTitle'));
  const { checkIn, checkOut, scan, trial } = useAttendanceMutations();
  const trialId = useId();
  const [passCode, setPassCode] = useState('');
  const [passError, setPassError] = useState<string | null>(null);
  const { feedback, show, clear } = useFeedback();
  const [manualOpen, setManualOpen] = useState(false);
  // The quick form's member field starts afresh after each check-in or check-out.
  const [round, setRound] = useState(0);
  // A check-in refused for an overdue payment (desk search, manual or QR): the refusal stays until dismissed, and
  // "Let in once" sends the same check-in again with a reason.
  const [refusal, setRefusal] = useState<{ overdue: PaymentOverdue; body: CheckInBody } | null>(null);
  const [lettingIn, setLettingIn] = useState(false);

  /** Whether the check-in is settled at the desk: it went through, or it was refused for an overdue payment (shown). */
  const doCheckIn = async (body: CheckInBody) => {
    try {
      const result = await checkIn.mutateAsync(body);
      setRefusal(null);
      show({ type: 'success', message: t('attendance:scan.checkInSuccess', { name: result.member?.name ?? result.trainer?.name ?? '' }) });
      return true;
    } catch (err) {
      const overdue = overdueOf(err);
      if (overdue) {
        clear();
        setRefusal({ overdue, body: { ...body, memberId: overdue.memberId } });
        return true;
      }
      show({ type: 'error', message: serverMessage(err) ?? t('attendance:scan.checkInFailed') });
      return false;
    }
  };
  const letInOnce = async (reason: string) => {
    if (!refusal) return false;
    try {
      const result = await checkIn.mutateAsync({ ...refusal.body, overrideReason: reason });
      setRefusal(null);
      setLettingIn(false);
      show({ type: 'success', message: t('attendance:overdue.letInSuccess', { name: result.member?.name ?? refusal.overdue.memberName }) });
      return true;
    } catch (err) {
      show({ type: 'error', message: serverMessage(err) ?? t('attendance:scan.checkInFailed') });
      return false;
    }
  };

  const onCode = (qrCode: string) => {
    scan.mutate(
      { qrCode, checkInMethod: 'qr' },
      {
        onSuccess: (r) =>
          show({
            type: 'success',
            message: r.trialVisit ? t('attendance:scan.trial.success', { name: r.member.name }) : t('attendance:scan.checkInSuccess', { name: r.member.name }),
          }),
        onError: (err) => {
          const overdue = overdueOf(err);
          if (overdue) {
            clear();
            setRefusal({ overdue, body: { memberId: overdue.memberId, workoutType: 'other', notes: '', checkInMethod: 'qr' } });
            return;
          }
          show({ type: 'error', message: serverMessage(err) ?? t('attendance:scan.scanFailed') });
        },
      },
    );
  };
  const scanner = useQrScanner(onCode);

  const form = useContractForm(CheckInBody, {
    defaultValues: EMPTY,
    toBody,
    // The member is required here even with a trainer given (the trainer is the one with the member).
    check: (v): Record<string, string> => (v.memberId.trim() ? {} : { memberId: REQUIRED }),
  });
  const resetQuick = () => {
    form.reset(EMPTY);
    setRound((r) => r + 1);
  };
  const submitCheckIn = async (body: CheckInBody) => {
    if (await doCheckIn(body)) resetQuick();
  };
  const submitCheckOut = form.handleSubmit(async (body) => {
    try {
      const result = await checkOut.mutateAsync({ memberId: body.memberId, notes: body.notes || undefined, checkOutMethod: 'manual' });
      show({ type: 'success', message: t('attendance:scan.checkOutSuccess', { name: result.member?.name ?? result.trainer?.name ?? '' }) });
      resetQuick();
    } catch (err) {
      show({ type: 'error', message: serverMessage(err) ?? t('attendance:scan.checkOutFailed') });
    }
  });

  const submitTrial = (e: FormEvent) => {
    e.preventDefault();
    if (!passCode.trim()) {
      setPassError(t('attendance:scan.trial.required'));
      return;
    }
    setPassError(null);
    trial.mutate(
      { passCode, checkInMethod: 'manual' },
      {
        onSuccess: (v) => {
          show({ type: 'success', message: t('attendance:scan.trial.success', { name: v.name }) });
          setPassCode('');
        },
        onError: (err) => show({ type: 'error', message: serverMessage(err) ?? t('attendance:scan.trial.failed') }),
      },
    );
  };

  const busy = checkIn.isPending || checkOut.isPending;
  return (
    <div className="page att">
      <PageHeader
        title={t('attendance:scan.title')}
        subtitle={t('attendance:scan.subtitle')}
        actions={
          <Link to="/dashboard/attendance/kiosk" className="btn btn--secondary">
            {t('attendance:scan.kiosk')}
          </Link>
        }
      />
      <AttendanceToast feedback={feedback} onDismiss={clear} />
      {refusal ? <OverdueRefusal overdue={refusal.overdue} onLetIn={() => setLettingIn(true)} onDismiss={() => setRefusal(null)} /> : null}
      <LetInOnceDialog
        overdue={lettingIn ? (refusal?.overdue ?? null) : null}
        onClose={() => setLettingIn(false)}
        onConfirm={letInOnce}
        busy={checkIn.isPending}
      />
      <ManualCheckInDialog open={manualOpen} onClose={() => setManualOpen(false)} onCheckIn={doCheckIn} busy={checkIn.isPending} />
      <div className="att-grid">
        <section className="card att-panel" aria-labelledby="att-camera">
          <h2 id="att-camera" className="card__title">
            {t('attendance:scan.camera')}
          </h2>
          <CameraView videoRef={scanner.videoRef} state={scanner.state} />
          <div className="att-actions">
            {scanner.state === 'scanning' || scanner.state === 'starting' ? (
              <button type="button" className="btn btn--secondary" onClick={scanner.stop} data-testid="stop-camera">
                {t('attendance:scan.stopCamera')}
              </button>
            ) : (
              <button type="button" className="btn btn--primary" onClick={() => void scanner.start()} data-testid="start-camera">
                {t('attendance:scan.startCamera')}
              </button>
            )}
            <button type="button" className="btn btn--secondary" onClick={() => setManualOpen(true)} disabled={busy} data-testid="manual-check-in">
              {t('attendance:scan.manual')}
            </button>
          </div>
        </section>

        <section className="card att-panel" aria-labelledby="att-quick">
          <h2 id="att-quick" className="card__title">
            {t('attendance:scan.quick.title')}
          </h2>
          <Form form={form} onSubmit={submitCheckIn} busy={busy} testId="quick-form">
            <CheckInMemberField key={round} testId="member" />
            <TextField name="trainerId" label={t('attendance:scan.quick.trainerId')} autoComplete="off" spellCheck={false} />
            <SelectField
              name="workoutType"
              label={t('attendance:scan.quick.workoutType')}
              options={WORKOUTS.map((w) => ({ value: w, label: t(`attendance:workout.${w}`) }))}
            />
            <TextareaField name="notes" label={t('attendance:scan.quick.notes')} rows={2} />
            <div className="form__actions">
              <button type="submit" className="btn btn--primary" disabled={busy} data-testid="check-in">
                {t('attendance:scan.quick.checkIn')}
              </button>
              <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => void submitCheckOut()} data-testid="check-out">
                {t('attendance:scan.quick.checkOut')}
              </button>
            </div>
          </Form>
        </section>

        <section className="card att-panel" aria-labelledby={`${trialId}-title`}>
          <h2 id={`${trialId}-title`} className="card__title">
            {t('attendance:scan.trial.title')}
          </h2>
          <p className="text-muted" id={`${trialId}-hint`}>
            {t('attendance:scan.trial.hint')}
          </p>
          <form className="form" onSubmit={submitTrial} noValidate data-testid="trial-form">
            <div className={`field${passError ? ' field--invalid' : ''}`}>
              <label htmlFor={trialId} className="field__label">
                {t('attendance:scan.trial.code')}
              </label>
              <input
                id={trialId}
                className="input"
                value={passCode}
                placeholder={PASS_CODE_EXAMPLE}
                autoComplete="off"
                spellCheck={false}
                autoCapitalize="characters"
                maxLength={40}
                aria-invalid={passError ? true : undefined}
                aria-describedby={passError ? `${trialId}-error` : `${trialId}-hint`}
                onChange={(e) => setPassCode(e.target.value)}
                data-testid="trial-code"
              />
              {passError ? (
                <p id={`${trialId}-error`} className="field__error" role="alert">
                  {passError}
                </p>
              ) : null}
            </div>
            <div className="form__actions">
              <button type="submit" className="btn btn--primary" disabled={trial.isPending} data-testid="trial-check-in">
                {t('attendance:scan.trial.checkIn')}
              </button>
            </div>
          </form>
        </section>

        <section className="card att-panel att-help" aria-labelledby="att-help">
          <h2 id="att-help" className="card__title">
            {t('attendance:scan.help.title')}
          </h2>
          <ol>
            <li>{t('attendance:scan.help.step1')}</li>
            <li>{t('attendance:scan.help.step2')}</li>
            <li>{t('attendance:scan.help.step3')}</li>
            <li>{t('attendance:scan.help.step4')}</li>
          </ol>
        </section>
      </div>
    </div>
  );
}
