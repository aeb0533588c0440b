/** The local carrier's simulated journeys: every ending, chosen by the pincode, on a simulated clock. */
import { describe, expect, it } from 'vitest';
import { applyScans, newParcel } from '#shop/parcel/index.ts';
import { JOURNEY_PINCODES, simulatedPin, simulatedTracker } from './simulated-tracking.ts';

describe('simulatedTracker: every ending, chosen by the pincode', () => {
  const bookedAt = '2026-11-21T00:00:00.000Z';
  const day = 1000;
  const waybill = (pin: string) => `SIM${pin}000000000001`;
  const statesAt = async (pin: string, days: number) => {
    const result = await simulatedTracker(
      day,
      () => Date.parse(bookedAt) + days * day,
    )([{ waybill: waybill(pin), bookedAt }]);
    const tracking = result.ok ? result.found.get(waybill(pin)) : undefined;
    return { tracking, states: applyScans(newParcel(), tracking?.scans ?? []).parcel.state };
  };

  it('delivers elsewhere at the first attempt, after 3¼ simulated days', async () => {
    expect((await statesAt('248001', 0)).states).toBe('booked');
    expect((await statesAt('248001', 1.5)).states).toBe('in-transit');
    expect((await statesAt('248001', 3)).states).toBe('out-for-delivery');
    const done = await statesAt('248001', 4);
    expect(done.states).toBe('delivered');
    expect(done.tracking).toMatchObject({
      delivered: true,
      simulated: true,
      expectedDelivery: '2026-11-21T00:00:03.250Z',
    });
  });

  it('fails once then delivers, returns, or loses the parcel for the test pincodes', async () => {
    expect((await statesAt(JOURNEY_PINCODES.failsOnce, 3.5)).states).toBe('delivery-failed');
    expect((await statesAt(JOURNEY_PINCODES.failsOnce, 5)).states).toBe('delivered');
    expect((await statesAt(JOURNEY_PINCODES.returned, 4.5)).states).toBe('delivery-failed');
    expect((await statesAt(JOURNEY_PINCODES.returned, 5.5)).states).toBe('returning');
    const back = await statesAt(JOURNEY_PINCODES.returned, 9);
    expect(back.states).toBe('returned');
    expect(back.tracking?.delivered).toBe(false);
    expect((await statesAt(JOURNEY_PINCODES.lost, 3)).states).toBe('lost');
  });

  it('knows only its own waybills; an older one without a pincode is delivered', async () => {
    expect(simulatedPin('SIM248001000000000001')).toBe('248001');
    expect(simulatedPin('SIM1764057000000')).toBeUndefined();
    expect(simulatedPin('1234567890')).toBeNull();
    const result = await simulatedTracker(
      day,
      () => Date.parse(bookedAt) + 9 * day,
    )([
      { waybill: 'SIM1764057000000', bookedAt },
      { waybill: '1234567890', bookedAt },
    ]);
    expect(result.ok && [...result.found.keys()]).toEqual(['SIM1764057000000']);
  });
});
