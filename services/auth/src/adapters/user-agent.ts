import Bowser from 'bowser';

export interface DeviceDescription {
  device: string;
  browser: string | null;
  os: string | null;
  deviceType: 'desktop' | 'mobile' | 'tablet' | 'unknown';
}

const TYPES = new Set(['desktop', 'mobile', 'tablet']);

/** "Chrome on Android" from a User-Agent header (bowser); "Unknown device" when there is none or it says nothing. */
export const describeUserAgent = (userAgent: string | null): DeviceDescription => {
  if (!userAgent) return { device: 'Unknown device', browser: null, os: null, deviceType: 'unknown' };
  const parsed = Bowser.parse(userAgent);
  // bowser answers '' for what it cannot name.
  const browser = parsed.browser.name || null;
  const os = parsed.os.name || null;
  const type = parsed.platform.type;
  const deviceType = type && TYPES.has(type) ? (type as DeviceDescription['deviceType']) : 'unknown';
  const device = browser && os ? `${browser} on ${os}` : (browser ?? os ?? 'Unknown device');
  return { device, browser, os, deviceType };
};
