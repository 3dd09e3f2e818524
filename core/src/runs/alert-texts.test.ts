import { describe, expect, it } from 'vitest';
import { alertIntervalOptions, alertIntervalText, testAlertSentText } from './alert-texts.js';
import { checkAlertInterval } from './failure-alerts.js';

describe('alert interval choices', () => {
  it('words minutes, hours and days', () => {
    expect(alertIntervalText(5)).toBe('5 minutes');
    expect(alertIntervalText(60)).toBe('1 hour');
    expect(alertIntervalText(240)).toBe('4 hours');
    expect(alertIntervalText(1440)).toBe('1 day');
    expect(alertIntervalText(10080)).toBe('7 days');
    expect(alertIntervalText(90)).toBe('90 minutes');
  });

  it('offers only intervals the server takes, and keeps a stored one that is not a preset', () => {
    const options = alertIntervalOptions();
    expect(options.map((o) => o.label)).toEqual([
      '5 minutes',
      '15 minutes',
      '30 minutes',
      '1 hour',
      '4 hours',
      '1 day',
      '7 days',
    ]);
    for (const option of options) expect(checkAlertInterval(option.value)).toBeNull();
    expect(alertIntervalOptions(90).map((o) => o.value)).toContain(90);
  });
});

describe('testAlertSentText', () => {
  it('says how many people the mail reached over SMTP', () => {
    expect(testAlertSentText({ recipients: 2, delivery: 'smtp' })).toBe(
      'A test alert was mailed to 2 people (the owners and admins).',
    );
  });

  it('says that without SMTP the mail only reached the log', () => {
    expect(testAlertSentText({ recipients: 1, delivery: 'log' })).toContain(
      "only written to the server's log, not sent",
    );
  });

  it('says nobody received it when there is nobody to mail', () => {
    expect(testAlertSentText({ recipients: 0, delivery: 'smtp' })).toMatch(/^No test alert was sent/);
  });
});
