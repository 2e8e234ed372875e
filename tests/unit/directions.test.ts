import { describe, expect, it } from 'vitest';
import { directionsUrl } from '../../src/domain/directions';

describe('directionsUrl', () => {
  it.each([
    [{ latitude: 52.0587, longitude: 1.1565, address: 'Ipswich Masonic Hall' }, '52.0587%2C1.1565'],
    [{ latitude: 0, longitude: 0, address: 'Null Island' }, '0%2C0'],
    [{ latitude: null, longitude: 1.2, address: 'Soane Street, Ipswich, IP4 2BG' }, 'Soane%20Street%2C%20Ipswich%2C%20IP4%202BG'],
    [{ latitude: null, longitude: null, address: "St Mary's Hall & Rooms" }, "St%20Mary's%20Hall%20%26%20Rooms"],
  ])('%o -> destination %s', (place, destination) => {
    expect(directionsUrl(place)).toBe(`https://www.google.com/maps/dir/?api=1&destination=${destination}`);
  });
});
