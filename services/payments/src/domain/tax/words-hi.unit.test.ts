import { describe, expect, it } from 'vitest';
import { hindiWords, rupeesInHindiWords } from './words.ts';

describe('amounts in Hindi words (lakh and crore)', () => {
  it('given the irregular numbers below a hundred, when written, then each has its own word', () => {
    expect([0, 5, 11, 19, 21, 45, 59, 69, 78, 79, 99].map(hindiWords)).toEqual([
      'शून्य',
      'पाँच',
      'ग्यारह',
      'उन्नीस',
      'इक्कीस',
      'पैंतालीस',
      'उनसठ',
      'उनहत्तर',
      'अठहत्तर',
      'उन्यासी',
      'निन्यानबे',
    ]);
  });
  it('given hundreds, thousands, lakhs and crores, when written, then in the Indian grouping', () => {
    expect(hindiWords(100)).toBe('एक सौ');
    expect(hindiWords(1050)).toBe('एक हज़ार पचास');
    expect(hindiWords(102_304)).toBe('एक लाख दो हज़ार तीन सौ चार');
    expect(hindiWords(12_345_678)).toBe('एक करोड़ तेईस लाख पैंतालीस हज़ार छह सौ अठहत्तर');
    expect(hindiWords(1_000_000_000)).toBe('एक सौ करोड़');
  });
  it('given paise, when a rupee amount is written, then rupees, paise and मात्र', () => {
    expect(rupeesInHindiWords(105_000)).toBe('एक हज़ार पचास रुपये मात्र');
    expect(rupeesInHindiWords(1_234_567_850)).toBe('एक करोड़ तेईस लाख पैंतालीस हज़ार छह सौ अठहत्तर रुपये और पचास पैसे मात्र');
    expect(rupeesInHindiWords(99)).toBe('शून्य रुपये और निन्यानबे पैसे मात्र');
    expect(rupeesInHindiWords(105_000)).not.toMatch(/[A-Za-z]/);
  });
});
