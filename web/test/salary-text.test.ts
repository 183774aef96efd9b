import { describe, expect, test } from 'vitest';
import { salaryPeriodField, salaryText } from '../src/admin/identity/salary-text.ts';

describe('a salary says its period', () => {
  test('the amount, then what it is paid per', () => {
    expect(salaryText({ salary: 2000, period: 'month' })).toBe('2,000.00 per month');
    expect(salaryText({ salary: '12.5', period: 'hour' })).toBe('12.50 per hour');
    expect(salaryText({ salary: 52000, period: 'year' })).toBe('52,000.00 per year');
  });

  test('a row kept before the period was asked reads per month', () => {
    expect(salaryText({ salary: 1800 })).toBe('1,800.00 per month');
  });

  test('the forms offer every period, per month first chosen', () => {
    const field = salaryPeriodField('salaryPeriod');
    expect(field.name).toBe('salaryPeriod');
    expect(field.initial).toBe('month');
    expect(field.options.map((o) => o.label)).toEqual(['per hour', 'per day', 'per week', 'per month', 'per year']);
  });
});
