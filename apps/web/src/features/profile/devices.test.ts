import { describe, expect, it } from 'vitest';
import { deviceName } from './devices.ts';

describe('deviceName', () => {
  it('names the browser and the system a device signed in with', () => {
    expect(
      deviceName(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome on Linux');
    expect(
      deviceName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
    expect(
      deviceName('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'),
    ).toBe('Firefox on Windows');
  });

  it('says so when the device did not say what it is', () => {
    expect(deviceName('')).toBe('Unknown device');
    expect(deviceName('curl/8.5.0')).toBe('Unknown device');
  });
});
