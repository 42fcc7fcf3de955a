/** Amounts in words the Indian way (thousand, lakh, crore): "Rupees One Lakh Two Thousand Three Hundred Four and Fifty Paise Only". */
const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

const belowHundred = (n: number): string => (n < 20 ? ONES[n]! : `${TENS[Math.floor(n / 10)]!}${n % 10 ? ` ${ONES[n % 10]!}` : ''}`);
const belowThousand = (n: number): string => {
  const h = Math.floor(n / 100);
  const r = n % 100;
  return [h ? `${ONES[h]!} Hundred` : '', r ? belowHundred(r) : ''].filter(Boolean).join(' ');
};

/** A whole number in Indian words: 12345678 → "One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight". */
export const indianWords = (n: number): string => {
  if (!Number.isInteger(n) || n < 0) throw new Error('a whole number ≥ 0');
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [
    crore ? `${indianWords(crore)} Crore` : '',
    lakh ? `${belowHundred(lakh)} Lakh` : '',
    thousand ? `${belowHundred(thousand)} Thousand` : '',
    rest ? belowThousand(rest) : '',
  ]
    .filter(Boolean)
    .join(' ');
};

export const rupeesInWords = (paise: number): string => {
  const rupees = Math.floor(paise / 100);
  const p = paise % 100;
  return `Rupees ${indianWords(rupees)}${p ? ` and ${belowHundred(p)} Paise` : ''} Only`;
};

/** ₹ figures with Indian digit grouping: 123456789 paise → "12,34,567.89". */
export const indianFigures = (paise: number): string => {
  const neg = paise < 0;
  const abs = Math.abs(paise);
  const rupees = String(Math.floor(abs / 100));
  const last3 = rupees.slice(-3);
  const rest = rupees.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${neg ? '-' : ''}${rest ? `${rest},` : ''}${last3}.${String(abs % 100).padStart(2, '0')}`;
};

/** Hindi number words 0–99 (each is its own word in Hindi, not tens + ones). */
const HI_BELOW_HUNDRED = (
  'शून्य एक दो तीन चार पाँच छह सात आठ नौ दस ग्यारह बारह तेरह चौदह पंद्रह सोलह सत्रह अठारह उन्नीस बीस ' +
  'इक्कीस बाईस तेईस चौबीस पच्चीस छब्बीस सत्ताईस अट्ठाईस उनतीस तीस इकतीस बत्तीस तैंतीस चौंतीस पैंतीस छत्तीस सैंतीस अड़तीस उनतालीस चालीस ' +
  'इकतालीस बयालीस तैंतालीस चवालीस पैंतालीस छियालीस सैंतालीस अड़तालीस उनचास पचास इक्यावन बावन तिरेपन चौवन पचपन छप्पन सत्तावन अट्ठावन उनसठ साठ ' +
  'इकसठ बासठ तिरेसठ चौंसठ पैंसठ छियासठ सड़सठ अड़सठ उनहत्तर सत्तर इकहत्तर बहत्तर तिहत्तर चौहत्तर पचहत्तर छिहत्तर सतहत्तर अठहत्तर उन्यासी अस्सी ' +
  'इक्यासी बयासी तिरासी चौरासी पचासी छियासी सत्तासी अट्ठासी नवासी नब्बे इक्यानबे बानबे तिरानबे चौरानबे पचानबे छियानबे सत्तानबे अट्ठानबे निन्यानबे'
).split(' ');

/** A whole number in Hindi words, Indian grouping: 12345678 → "एक करोड़ तेईस लाख पैंतालीस हज़ार छह सौ अठहत्तर". */
export const hindiWords = (n: number): string => {
  if (!Number.isInteger(n) || n < 0) throw new Error('a whole number ≥ 0');
  if (n < 100) return HI_BELOW_HUNDRED[n]!;
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const hundred = Math.floor((n % 1000) / 100);
  const rest = n % 100;
  return [
    crore ? `${hindiWords(crore)} करोड़` : '',
    lakh ? `${HI_BELOW_HUNDRED[lakh]!} लाख` : '',
    thousand ? `${HI_BELOW_HUNDRED[thousand]!} हज़ार` : '',
    hundred ? `${HI_BELOW_HUNDRED[hundred]!} सौ` : '',
    rest ? HI_BELOW_HUNDRED[rest]! : '',
  ]
    .filter(Boolean)
    .join(' ');
};

/** "एक लाख दो हज़ार तीन सौ चार रुपये और पचास पैसे मात्र" (paise only when there are some). */
export const rupeesInHindiWords = (paise: number): string => {
  const rupees = Math.floor(paise / 100);
  const p = paise % 100;
  return `${hindiWords(rupees)} रुपये${p ? ` और ${HI_BELOW_HUNDRED[p]!} पैसे` : ''} मात्र`;
};
