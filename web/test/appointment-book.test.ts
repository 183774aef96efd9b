import { appointmentMessages, fallbackErrorText } from '@tillbook/contract';
import { describe, expect, test } from 'vitest';
import { failure } from '../src/admin/appointments/appointment-calls.ts';
import { blockPlace, daySlots, endOf, slotTaken, weekDays } from '../src/admin/appointments/book-time.ts';

describe('the appointment book’s clock', () => {
  test('the day runs 08:00 to 19:30 in half hours; a week runs Monday to Sunday', () => {
    expect(daySlots).toHaveLength(24);
    expect([daySlots[0], daySlots.at(-1)]).toEqual(['08:00', '19:30']);
    expect(weekDays('2026-12-03')).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
    expect(weekDays('2026-12-06')[0]).toBe('2026-11-30');
    expect(endOf('23:45', 30)).toBe('24:15');
  });

  test('a block spans its rows, kept inside the day; a half hour is taken by any overlap, not by one ending at its start', () => {
    expect(blockPlace('10:30', 30)).toEqual({ row: 5, span: 1 });
    expect(blockPlace('10:15', 60)).toEqual({ row: 4, span: 3 });
    expect(blockPlace('07:00', 120)).toEqual({ row: 0, span: 2 });
    expect(blockPlace('19:45', 60)).toEqual({ row: 23, span: 1 });
    expect(blockPlace('21:00', 30)).toEqual({ row: 23, span: 1 });
    const booked = [{ time: '10:00', durationMinutes: 30 }];
    expect(slotTaken('10:00', booked)).toBe(true);
    expect(slotTaken('10:30', booked)).toBe(false);
    expect(slotTaken('09:30', [{ time: '09:45', durationMinutes: 5 }])).toBe(true);
  });
});

describe('a failed appointment call', () => {
  test('shows the server’s words for a refusal, else the spec’s fallback', () => {
    expect(failure({ data: 1 }, appointmentMessages.createFailed)).toBeNull();
    const overlap = 'Shop Owner already has appointment 1 on 2026-12-03 from 11:00 to 11:30 with Oscar Early (booked)';
    expect(failure({ error: overlap, status: 409 }, appointmentMessages.createFailed)).toBe(overlap);
    expect(failure({ error: fallbackErrorText, status: 0 }, appointmentMessages.loadFailed)).toBe('Failed to load appointments');
    expect(failure({ error: fallbackErrorText, status: 404 }, appointmentMessages.getFailed)).toBe('Failed to get appointment');
    expect(failure({ error: 'Something went wrong on our side', status: 500 }, appointmentMessages.deleteFailed)).toBe(
      'Failed to delete appointment',
    );
    expect(appointmentMessages.statusFailed).toBe('Failed to update appointment status');
    expect(appointmentMessages.createFailed).toBe('Failed to create appointment');
  });
});
