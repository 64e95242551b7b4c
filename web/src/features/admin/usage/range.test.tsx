import { describe, expect, it } from 'vitest';
import { hourlyAllowed, presetOf, presetRange, previousPeriod, rangeProblem, todayIn } from './range.ts';
import { readView, withChanges } from './view.ts';

describe('the organization’s today', () => {
  // 20:00 UTC on 31 March is already 1 April in Kolkata (UTC+5:30) and still the morning of the 31st in Los Angeles.
  const instant = new Date('2024-03-31T20:00:00Z');

  it('is the date on the wall clock of its time zone, not the browser’s', () => {
    expect(todayIn('Asia/Kolkata', instant)).toBe('2024-04-01');
    expect(todayIn('America/Los_Angeles', instant)).toBe('2024-03-31');
    expect(todayIn('UTC', instant)).toBe('2024-03-31');
    expect(todayIn('Pacific/Kiritimati', new Date('2024-12-31T10:00:00Z'))).toBe('2025-01-01');
  });
});

describe('presets', () => {
  it('count today as the last day', () => {
    expect(presetRange('last7', '2024-03-05')).toEqual({ from: '2024-02-28', to: '2024-03-05' });
    expect(presetRange('last30', '2024-03-05')).toEqual({ from: '2024-02-05', to: '2024-03-05' });
    expect(presetRange('thisMonth', '2024-03-05')).toEqual({ from: '2024-03-01', to: '2024-03-05' });
  });

  it('take last month whole, across a year and a leap February', () => {
    expect(presetRange('lastMonth', '2024-03-31')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(presetRange('lastMonth', '2024-01-15')).toEqual({ from: '2023-12-01', to: '2023-12-31' });
  });

  it('are recognised in a range, which otherwise reads as custom', () => {
    expect(presetOf({ from: '2024-02-28', to: '2024-03-05' }, '2024-03-05')).toBe('last7');
    expect(presetOf({ from: '2024-02-28', to: '2024-03-05' }, '2024-03-06')).toBeNull();
  });
});

describe('the API’s bounds', () => {
  it('take 365 inclusive days and refuse 366', () => {
    expect(rangeProblem({ from: '2024-01-01', to: '2024-12-30' })).toBeNull();
    expect(rangeProblem({ from: '2024-01-01', to: '2024-12-31' })).toEqual({
      field: 'to',
      message: 'A range may span at most 365 days; this one spans 366.',
    });
  });

  it('refuse a last day before the first, and dates that do not exist', () => {
    expect(rangeProblem({ from: '2024-03-02', to: '2024-03-01' })?.message).toBe(
      'The last day must be on or after the first.',
    );
    expect(rangeProblem({ from: '2023-02-29', to: '2023-03-01' })?.field).toBe('from');
    expect(rangeProblem({ from: '1969-12-31', to: '1970-01-01' })?.field).toBe('from');
    expect(rangeProblem({ from: '2024-03-01', to: '' })?.field).toBe('to');
    expect(rangeProblem({ from: '2024-03-01', to: '2024-03-01' })).toBeNull();
  });

  it('allow hours for up to 7 days only', () => {
    expect(hourlyAllowed({ from: '2024-03-01', to: '2024-03-07' })).toBe(true);
    expect(hourlyAllowed({ from: '2024-03-01', to: '2024-03-08' })).toBe(false);
  });

  it('compare a period with as many days just before it', () => {
    expect(previousPeriod({ from: '2024-03-01', to: '2024-03-31' })).toEqual({ from: '2024-01-30', to: '2024-02-29' });
  });
});

describe('the view in the address', () => {
  const today = '2024-03-31';
  const read = (query: string) => readView(new URLSearchParams(query), today);

  it('defaults to the last 30 days, daily, by department, the top 6, this month', () => {
    expect(read('')).toEqual({
      range: { from: '2024-03-02', to: '2024-03-31' },
      problem: null,
      granularity: 'daily',
      by: 'department',
      limit: 6,
      month: '2024-03',
    });
  });

  it('keeps what it holds, and hourly only where the range allows it', () => {
    expect(read('from=2024-03-01&to=2024-03-07&granularity=hourly&by=user&limit=20&month=2023-12')).toMatchObject({
      range: { from: '2024-03-01', to: '2024-03-07' },
      granularity: 'hourly',
      by: 'user',
      limit: 20,
      month: '2023-12',
    });
    expect(read('from=2024-03-01&to=2024-03-08&granularity=hourly').granularity).toBe('daily');
  });

  it('names a range the API would refuse, and replaces unreadable choices with defaults', () => {
    const view = read('from=2023-01-01&to=2024-03-01&limit=21&by=agent&month=2024-13');
    expect(view.problem?.field).toBe('to');
    expect(view).toMatchObject({ granularity: 'daily', by: 'department', limit: 6, month: '2024-03' });
    expect(read('limit=0').limit).toBe(6);
    expect(read('limit=2.5').limit).toBe(6);
  });

  it('changes the address one parameter at a time, dropping the ones set to null', () => {
    const next = withChanges(new URLSearchParams('from=2024-03-01&granularity=hourly'), {
      to: '2024-03-02',
      granularity: null,
    });
    expect(next.toString()).toBe('from=2024-03-01&to=2024-03-02');
  });
});
