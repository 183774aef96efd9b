import { describe, expect, test } from 'vitest';
import { type CouponTerms, couponAmount, couponRefusal } from '../src/shop/coupon.ts';
import { orderLifecycle } from '../src/shop/order-lifecycle.ts';

const terms = (over: Partial<CouponTerms> = {}): CouponTerms => ({
  couponCode: 'SPRING',
  type: 'percentage',
  value: 10,
  startDate: '2026-03-01',
  endDate: '2026-03-31',
  maxUses: null,
  maxUsesPerCustomer: null,
  minimumOrder: null,
  status: true,
  ...over,
});
const unused = { used: 0, usedByCustomer: 0 };

describe('a coupon', () => {
  test('applies within its dates, both ends included', () => {
    expect(couponRefusal(terms(), '2026-03-01', 10, unused)).toBeNull();
    expect(couponRefusal(terms(), '2026-03-31', 10, unused)).toBeNull();
    expect(couponRefusal(terms(), '2026-02-28', 10, unused)).toBe('Coupon SPRING starts on 2026-03-01');
    expect(couponRefusal(terms(), '2026-04-01', 10, unused)).toBe('Coupon SPRING expired on 2026-03-31');
  });

  test('is refused when hidden, used up, used by the shopper, or below its minimum', () => {
    expect(couponRefusal(terms({ status: false }), '2026-03-10', 10, unused)).toBe('Coupon SPRING is not active');
    expect(couponRefusal(terms({ maxUses: 3 }), '2026-03-10', 10, { used: 3, usedByCustomer: 0 })).toBe('Coupon SPRING has been used up');
    expect(couponRefusal(terms({ maxUsesPerCustomer: 2 }), '2026-03-10', 10, { used: 5, usedByCustomer: 2 })).toBe(
      'You have already used coupon SPRING 2 times',
    );
    expect(couponRefusal(terms({ minimumOrder: 50 }), '2026-03-10', 49.99, unused)).toBe('Coupon SPRING needs an order of at least 50.00');
    expect(couponRefusal(terms({ minimumOrder: 50 }), '2026-03-10', 50, unused)).toBeNull();
  });

  test('takes a percentage rounded to the cent, or a flat amount, never more than the goods', () => {
    expect(couponAmount(terms({ value: 10 }), 3960)).toBe(396);
    expect(couponAmount(terms({ value: 12.5 }), 1001)).toBe(125);
    expect(couponAmount(terms({ type: 'flat', value: 5 }), 1200)).toBe(500);
    expect(couponAmount(terms({ type: 'flat', value: 50 }), 1200)).toBe(1200);
  });
});

describe("an order's transition table", () => {
  test('moves forward one step at a time and cancels only before shipping', () => {
    expect(orderLifecycle.canMove('PENDING', 'RECEIVED')).toBe(true);
    expect(orderLifecycle.canMove('PENDING', 'SHIPPED')).toBe(false);
    expect(orderLifecycle.canMove('RECEIVED', 'CANCELLED')).toBe(true);
    expect(orderLifecycle.canMove('SHIPPED', 'CANCELLED')).toBe(false);
    expect(orderLifecycle.canMove('DELIVERED', 'PENDING')).toBe(false);
    expect(orderLifecycle.canMove('CANCELLED', 'RECEIVED')).toBe(false);
  });

  test('RETURNED only from DELIVERED (the server moves it there with the last unit back), and final', () => {
    expect(orderLifecycle.canMove('DELIVERED', 'RETURNED')).toBe(true);
    expect(orderLifecycle.canMove('SHIPPED', 'RETURNED')).toBe(false);
    expect(orderLifecycle.canMove('CANCELLED', 'RETURNED')).toBe(false);
    expect(orderLifecycle.transitions.RETURNED ?? []).toEqual([]);
  });
});
