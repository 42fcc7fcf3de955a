import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './user-agent.ts';

describe('describeUserAgent', () => {
  it('names the browser and the system of a phone', () => {
    const d = describeUserAgent('Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36');
    expect(d).toEqual({ device: 'Chrome on Android', browser: 'Chrome', os: 'Android', deviceType: 'mobile' });
  });

  it('names a desktop browser', () => {
    const d = describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0');
    expect(d.device).toBe('Firefox on Windows');
    expect(d.deviceType).toBe('desktop');
  });

  it('says "Unknown device" when there is no user agent or it tells nothing', () => {
    expect(describeUserAgent(null).device).toBe('Unknown device');
    expect(describeUserAgent('curl-like/1')).toEqual({ device: 'Unknown device', browser: null, os: null, deviceType: 'unknown' });
    expect(describeUserAgent('node').device).toBe('Unknown device');
  });
});
