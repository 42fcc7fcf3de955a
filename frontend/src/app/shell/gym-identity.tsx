import type { User } from '@akhada/contracts';
import { useState } from 'react';
import { API_BASE } from '../../lib/api-client';

/**
 * The gym the signed-in person belongs to, under the app's brand: its logo (set in Settings → Gym) and name, with
 * its brand colour as an accent. Without a logo, or when the image fails to load, the name's first letter stands in.
 */
export function GymIdentity({ organization }: { organization: User['organization'] }) {
  const [failed, setFailed] = useState(false);
  const logo = organization.logoUrl && !failed ? `${API_BASE}${organization.logoUrl}` : null;
  return (
    <div className="gym-identity" style={{ borderInlineStartColor: organization.brandColor }} data-testid="gym-identity">
      {logo ? (
        <img className="gym-identity__logo" src={logo} alt="" width={28} height={28} onError={() => setFailed(true)} data-testid="gym-logo" />
      ) : (
        <span className="gym-identity__logo gym-identity__logo--initial" aria-hidden="true">
          {organization.name.trim().charAt(0).toUpperCase()}
        </span>
      )}
      <span className="gym-identity__name">{organization.name}</span>
    </div>
  );
}
