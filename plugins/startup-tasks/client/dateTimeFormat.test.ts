import assert from 'node:assert/strict';
import test from 'node:test';
import {dateTimeFormat} from './dateTimeFormat';

// The options the theme's "Last updated" line passes, with the calendar useDateTimeFormat adds.
const LAST_UPDATED = {calendar: 'gregory', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC'} as const;

test('the "Last updated" format answers as Intl does, every day of two years and at the edges', () => {
  const ours = dateTimeFormat('en', LAST_UPDATED);
  const intl = new Intl.DateTimeFormat('en', LAST_UPDATED);
  assert.ok(
    Object.getPrototypeOf(ours) !== Intl.DateTimeFormat.prototype,
    'the English short date is written without Intl',
  );
  const day = 24 * 60 * 60 * 1000;
  const times: number[] = [];
  for (let time = Date.UTC(2024, 0, 1); time < Date.UTC(2026, 0, 1); time += day) times.push(time, time + day - 1);
  // Around midnight UTC, leap days, the first years, far years, before 1970 and out of range.
  times.push(0, -1, Date.UTC(2000, 1, 29), Date.UTC(1900, 1, 28), Date.UTC(9999, 11, 31), 8.64e15);
  for (const year of [1, 9, 99, 999, 1000, 10000, 275000]) times.push(new Date(0).setUTCFullYear(year, 5, 15));
  for (const year of [0, -1, -271000]) times.push(new Date(0).setUTCFullYear(year, 5, 15));
  for (const time of times) {
    assert.equal(ours.format(time), intl.format(time), `at ${time}`);
    assert.equal(ours.format(new Date(time)), intl.format(new Date(time)), `at new Date(${time})`);
  }
  assert.equal(ours.format(), intl.format());
  // The rest of a formatter's methods answer as Intl's.
  const [start, end] = [Date.UTC(2026, 0, 5), Date.UTC(2026, 2, 9)];
  assert.deepEqual(ours.formatToParts(start), intl.formatToParts(start));
  assert.equal(ours.formatRange(start, end), intl.formatRange(start, end));
  assert.deepEqual(ours.formatRangeToParts(start, end), intl.formatRangeToParts(start, end));
  assert.deepEqual(ours.resolvedOptions(), intl.resolvedOptions());
  for (const invalid of [NaN, 8.64e15 + 1, new Date('nonsense')]) {
    assert.throws(() => intl.format(invalid), RangeError);
    assert.throws(() => ours.format(invalid), RangeError);
  }
});

test('any other locale or options get Intl’s own formatter', () => {
  const others: [string, Intl.DateTimeFormatOptions][] = [
    ['fr', LAST_UPDATED],
    ['en-GB', LAST_UPDATED],
    ['en', {...LAST_UPDATED, calendar: 'japanese'}],
    ['en', {...LAST_UPDATED, timeZone: 'America/New_York'}],
    ['en', {...LAST_UPDATED, month: 'long'}],
    ['en', {...LAST_UPDATED, weekday: 'short'}],
    ['en', {calendar: 'gregory'}],
  ];
  for (const [locale, options] of others) {
    const formatter = dateTimeFormat(locale, options);
    assert.ok(formatter instanceof Intl.DateTimeFormat, `${locale} ${JSON.stringify(options)}`);
    assert.equal(
      formatter.format(Date.UTC(2026, 8, 5)),
      new Intl.DateTimeFormat(locale, options).format(Date.UTC(2026, 8, 5)),
    );
  }
  // Without a calendar (Gregorian is English's default) the short date is still written here.
  const withoutCalendar: Intl.DateTimeFormatOptions = {...LAST_UPDATED};
  delete withoutCalendar.calendar;
  assert.ok(!(dateTimeFormat('en', withoutCalendar) instanceof Intl.DateTimeFormat));
});
