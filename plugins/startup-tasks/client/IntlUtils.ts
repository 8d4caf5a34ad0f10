// Docusaurus's `useCalendar` and `useDateTimeFormat` (theme-common/lib/utils/IntlUtils, which the
// "Last updated" line calls); the theme's `IntlUtils` address resolves here. The formatter answers
// as Intl's does without loading ICU's date data for that line (dateTimeFormat.ts).
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {dateTimeFormat} from './dateTimeFormat';

export function useCalendar(): string {
  const {
    i18n: {currentLocale, localeConfigs},
  } = useDocusaurusContext();
  return localeConfigs[currentLocale]!.calendar;
}

export function useDateTimeFormat(options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  const {
    i18n: {currentLocale},
  } = useDocusaurusContext();
  const calendar = useCalendar();
  return dateTimeFormat(currentLocale, {calendar, ...options});
}
