import type { User } from '@akhada/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MapPinIcon } from '../../components/icons/map-pin';
import { LocationSelect } from '../../components/location-select';
import { useCurrentLocation } from '../../lib/current-location';
import { ALL_NS } from '../../locales/resources';

/** Owners and admins choose the branch they are looking at ("All locations" for owners). */
export function LocationSwitcher({ user, className = '' }: { user: User; className?: string }) {
  const { t } = useTranslation(ALL_NS);
  const id = useId();
  const { canSwitch, allowAll, locations, locationId, setLocationId } = useCurrentLocation(user);
  if (!canSwitch || locations.length === 0 || (!allowAll && locations.length < 2)) return null;
  return (
    <div className={`location-switcher ${className}`}>
      <label htmlFor={id} className="visually-hidden">
        {t('shell:location.label')}
      </label>
      <MapPinIcon size={16} className="location-switcher__icon" />
      <LocationSelect
        id={id}
        className="location-switcher__select"
        locations={locations}
        value={locationId}
        onChange={(next) => setLocationId(next || null)}
        blank={allowAll ? t('shell:location.all') : undefined}
        testId="location-switcher"
      />
    </div>
  );
}
