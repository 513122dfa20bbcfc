/** Ratings in words and figures, in the page's language. */

const whole = (lng: string, opts: Intl.NumberFormatOptions = {}) =>
  new Intl.NumberFormat(lng, { maximumFractionDigits: 0, useGrouping: false, ...opts });

/** A rating as one number: "1540". */
export const ratingNumber = (lng: string, rating: number): string => whole(lng).format(Math.round(rating));

/** A rating with its uncertainty: "1540 ± 120". */
export const ratingText = (lng: string, rating: number, deviation: number): string =>
  `${ratingNumber(lng, rating)} ± ${whole(lng).format(Math.round(deviation))}`;

/** A rating's change with its sign: "+12", "−8", "0". */
export const ratingChange = (lng: string, change: number): string => whole(lng, { signDisplay: 'exceptZero' }).format(Math.round(change));

/** A share as a percentage: "67 %" (in the language's own way). */
export const percent = (lng: string, part: number, whole_: number): string =>
  new Intl.NumberFormat(lng, { style: 'percent', maximumFractionDigits: 0 }).format(whole_ === 0 ? 0 : part / whole_);
