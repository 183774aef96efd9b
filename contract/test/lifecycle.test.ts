import { describe, expect, test } from 'vitest';
import { adjustLifecycle, defineLifecycle } from '../src/index.ts';

describe('lifecycles', () => {
  test('a move is allowed only when the transition table lists it', () => {
    const order = defineLifecycle({
      states: ['held', 'completed', 'returned'],
      transitions: { held: ['completed'], completed: ['returned'] },
    });
    expect(order.initial).toBe('held');
    expect(order.canMove('held', 'completed')).toBe(true);
    expect(order.canMove('completed', 'returned')).toBe(true);
    expect(order.canMove('held', 'returned')).toBe(false);
    expect(order.canMove('returned', 'held')).toBe(false);
    expect(order.canMove('held', 'held')).toBe(false);
  });

  test('an adjustment can be reversed once, and never reopened', () => {
    expect(adjustLifecycle.states).toEqual(['active', 'reversed']);
    expect(adjustLifecycle.initial).toBe('active');
    expect(adjustLifecycle.canMove('active', 'reversed')).toBe(true);
    expect(adjustLifecycle.canMove('reversed', 'reversed')).toBe(false);
    expect(adjustLifecycle.canMove('reversed', 'active')).toBe(false);
  });
});
