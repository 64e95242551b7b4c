import { describe, expect, it } from 'vitest';
import { nextCronTimes } from './cron-preview.ts';

const iso = (dates: Date[] | null) => dates?.map((date) => date.toISOString());
const after = new Date('2026-03-06T10:17:30Z'); // a Friday

describe('nextCronTimes', () => {
  it('reads every minute, steps, ranges and lists', () => {
    expect(iso(nextCronTimes('* * * * *', 'UTC', after, 2))).toEqual([
      '2026-03-06T10:18:00.000Z',
      '2026-03-06T10:19:00.000Z',
    ]);
    expect(iso(nextCronTimes('*/20 9-10 * * *', 'UTC', after, 3))).toEqual([
      '2026-03-06T10:20:00.000Z',
      '2026-03-06T10:40:00.000Z',
      '2026-03-07T09:00:00.000Z',
    ]);
    expect(iso(nextCronTimes('0 8,17 * * *', 'UTC', after, 2))).toEqual([
      '2026-03-06T17:00:00.000Z',
      '2026-03-07T08:00:00.000Z',
    ]);
  });

  it('reads weekday and month names, 7 as Sunday, and either day field when both are set', () => {
    expect(iso(nextCronTimes('0 9 * * MON-FRI', 'UTC', after, 2))).toEqual([
      '2026-03-09T09:00:00.000Z',
      '2026-03-10T09:00:00.000Z',
    ]);
    expect(iso(nextCronTimes('30 6 * * 7', 'UTC', after, 1))).toEqual(['2026-03-08T06:30:00.000Z']);
    expect(iso(nextCronTimes('0 0 1 jan *', 'UTC', after, 1))).toEqual(['2027-01-01T00:00:00.000Z']);
    expect(iso(nextCronTimes('0 12 15 * SAT', 'UTC', after, 3))).toEqual([
      '2026-03-07T12:00:00.000Z',
      '2026-03-14T12:00:00.000Z',
      '2026-03-15T12:00:00.000Z',
    ]);
    expect(iso(nextCronTimes('0 0 29 2 *', 'UTC', after, 1))).toEqual(['2028-02-29T00:00:00.000Z']);
  });

  it('counts in the time zone, across a daylight-saving change, skipping a time that does not exist', () => {
    // New York moves from UTC-5 to UTC-4 on 8 March 2026 at 02:00, which never shows.
    expect(iso(nextCronTimes('30 2 * * *', 'America/New_York', after, 2))).toEqual([
      '2026-03-07T07:30:00.000Z',
      '2026-03-09T06:30:00.000Z',
    ]);
    expect(iso(nextCronTimes('0 9 * * *', 'Asia/Kolkata', after, 1))).toEqual(['2026-03-07T03:30:00.000Z']);
  });

  it('has no preview for what it does not read', () => {
    for (const expression of ['* * * *', '60 * * * *', '0 0 L * *', '0 0 * * 5#2', '5-1 * * * *', '*/0 * * * *']) {
      expect(nextCronTimes(expression, 'UTC', after)).toBeNull();
    }
  });
});
