// `new Intl.DateTimeFormat(locale, options)`, except for the one format the doc footer's "Last
// updated" line asks for (English, Gregorian, "Nov 27, 2026" in UTC), which is written from the
// date's UTC fields. The first `Intl.DateTimeFormat` of a page loads ICU's date patterns: 18–26 ms in
// Chromium on this machine, 150–200 ms on a phone-class CPU at 8×, inside hydration (issue 26).
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** The "Last updated" line's options, as the theme passes them. */
const SHORT_UTC_DATE: Intl.DateTimeFormatOptions = {day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC'};

function isShortEnglishUtcDate(locale: string, options: Intl.DateTimeFormatOptions): boolean {
  if (locale !== 'en' || (options.calendar ?? 'gregory') !== 'gregory') return false;
  const keys = Object.keys(options).filter((key) => key !== 'calendar') as (keyof Intl.DateTimeFormatOptions)[];
  return (
    keys.length === Object.keys(SHORT_UTC_DATE).length && keys.every((key) => options[key] === SHORT_UTC_DATE[key])
  );
}

/**
 * English short dates in UTC ("Nov 27, 2026") from year 1 on. Anything else (an earlier year, an
 * invalid date, parts, ranges, the resolved options) goes to Intl's formatter, made when first asked.
 */
function shortEnglishUtcDate(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | undefined;
  const intl = () => (made ??= new Intl.DateTimeFormat(locale, options));
  return {
    format(date?: Date | number) {
      const time = date === undefined ? Date.now() : Number(date);
      const day = new Date(time);
      const year = day.getUTCFullYear();
      // An invalid date (Intl throws) or a year before 1 (Intl writes the year of its era) goes to Intl.
      if (!(year >= 1)) return intl().format(time);
      return `${MONTHS[day.getUTCMonth()]} ${day.getUTCDate()}, ${year}`;
    },
    formatToParts: (date) => intl().formatToParts(date),
    formatRange: (start, end) => intl().formatRange(start, end),
    formatRangeToParts: (start, end) => intl().formatRangeToParts(start, end),
    resolvedOptions: () => intl().resolvedOptions(),
  };
}

/** A date formatter for `locale`, answering as `new Intl.DateTimeFormat(locale, options)` does. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  if (isShortEnglishUtcDate(locale, options)) return shortEnglishUtcDate(locale, options);
  return new Intl.DateTimeFormat(locale, options);
}
