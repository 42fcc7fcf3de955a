import { describe, expect, it } from 'vitest';
import { carriesGymGst, gstOfSplit, gymServiceGst, gymServiceGstInclusive } from './gym-gst.ts';

const PUNE = { registered: true, stateCode: '27' };

// Issue 31: the one GST rule the server records with and the form previews with.
describe('gym-service GST of a payment', () => {
  it('is the rate in force on the day, split CGST + SGST at home (odd paisa to CGST) or IGST to another state', () => {
    expect(gymServiceGst({ amountPaise: 100_000, date: '2025-09-21', supplier: PUNE })).toEqual({
      rateBps: 1800,
      supply: 'intra_state',
      cgstPaise: 9000,
      sgstPaise: 9000,
      igstPaise: 0,
      gstPaise: 18_000,
    });
    expect(gymServiceGst({ amountPaise: 100_000, date: '2025-09-22', supplier: PUNE })).toMatchObject({ rateBps: 500, gstPaise: 5000 });
    expect(gymServiceGst({ amountPaise: 1010, date: '2026-11-20', supplier: PUNE })).toMatchObject({ gstPaise: 51, cgstPaise: 26, sgstPaise: 25 });
    expect(gymServiceGst({ amountPaise: 100_000, date: '2026-11-20', supplier: PUNE, placeOfSupplyStateCode: '29' })).toMatchObject({
      supply: 'inter_state',
      igstPaise: 5000,
      cgstPaise: 0,
    });
  });

  it('none where the supplier is not registered or unknown (no GST settings)', () => {
    for (const supplier of [{ registered: false, stateCode: '27' }, null])
      expect(gymServiceGst({ amountPaise: 100_000, date: '2026-11-20', supplier })).toEqual({
        rateBps: 0,
        supply: 'none',
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 0,
        gstPaise: 0,
      });
  });

  it('takes the tax out of a GST-inclusive fee so the parts add up to it exactly', () => {
    const g = gymServiceGstInclusive({ totalPaise: 100_000, date: '2026-11-20', supplier: PUNE });
    expect(g).toMatchObject({ amountPaise: 95_238, gstPaise: 4762, rateBps: 500 });
    expect(g.amountPaise + gstOfSplit(g)).toBe(100_000);
    expect(gymServiceGstInclusive({ totalPaise: 100_000, date: '2026-11-20', supplier: null })).toMatchObject({ amountPaise: 100_000, gstPaise: 0 });
  });

  it('only money received carries it', () => {
    expect(['member', 'other'].map(carriesGymGst)).toEqual([true, true]);
    expect(['trainer', 'expense'].map(carriesGymGst)).toEqual([false, false]);
  });
});
