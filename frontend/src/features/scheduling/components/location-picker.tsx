import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LocationSelect } from '../../../components/location-select';
import { ALL_NS } from '../../../locales/resources';
import { useScheduleLocation } from '../lib/use-schedule-location';

/** Staff with several locations choose whose timetable and rules they see (the same choice as the shell's switcher). */
export function LocationPicker() {
  const { t } = useTranslation(ALL_NS);
  const id = useId();
  const { locationId, locations, canSwitch, setLocationId } = useScheduleLocation();
  if (!canSwitch) return null;
  return (
    <div className="sched-location">
      <label htmlFor={id} className="field__label">
        {t('scheduling:common.location')}
      </label>
      <LocationSelect id={id} locations={locations} value={locationId} onChange={setLocationId} withCity testId="schedule-location" />
    </div>
  );
}
