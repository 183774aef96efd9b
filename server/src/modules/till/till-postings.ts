import type { Cents, TillCashType } from '@tillbook/contract';
import type { AccountRef, Posting } from '../accounting/index.ts';

/** The safe: the shop's Cash account, where drops go and floats come from. */
export const safe: AccountRef = 'cash';

interface SessionRef {
  sessionId: number;
  tillName: string;
  /** The till's own cash sub-account (its drawer). */
  drawer: number;
  date: string;
}

const base = (s: SessionRef) => ({ date: s.date, type: 'till' as const, relatedId: s.sessionId, tillSessionId: s.sessionId });

/**
 * Opening a session: the counted float less what the last close left in the drawer comes from the safe (a
 * negative difference goes back to it), so the drawer's account holds what was counted.
 */
export function openPostings(s: SessionRef & { floatDifference: Cents }): Posting[] {
  return [
    {
      ...base(s),
      debit: { subAccountId: s.drawer },
      credit: safe,
      amount: s.floatDifference,
      particulars: `${s.tillName} session ${s.sessionId}: opening float`,
    },
  ];
}

/**
 * Cash in or out of the drawer: paid in from `other` (IN), paid out to it (OUT, an expense), or dropped to it
 * (DROP, the safe or the bank).
 */
export function cashPostings(s: SessionRef & { type: TillCashType; amount: Cents; other: AccountRef; reason: string }): Posting[] {
  const into = s.type === 'IN';
  const what = s.type === 'IN' ? 'paid in' : s.type === 'OUT' ? 'paid out' : 'cash drop';
  return [
    {
      ...base(s),
      debit: into ? { subAccountId: s.drawer } : s.other,
      credit: into ? s.other : { subAccountId: s.drawer },
      amount: s.amount,
      particulars: `${s.tillName} session ${s.sessionId}: ${what}: ${s.reason}`,
    },
  ];
}

/**
 * The close, in one go: the cash counted over what was expected (`variance`, negative when short) into Cash
 * Over and Short, then what was counted beyond the float left for tomorrow dropped to the safe.
 */
export function closePostings(s: SessionRef & { zNumber: number; variance: Cents; drop: Cents }): Posting[] {
  const about = `${s.tillName} Z ${s.zNumber}`;
  return [
    {
      ...base(s),
      debit: { subAccountId: s.drawer },
      credit: 'cashOverShort',
      amount: s.variance,
      particulars: `${about}: cash ${s.variance < 0 ? 'short' : 'over'}`,
    },
    { ...base(s), debit: safe, credit: { subAccountId: s.drawer }, amount: s.drop, particulars: `${about}: closing drop to the safe` },
  ];
}

/**
 * A late sale's correction (issue 33): the close counted its cash as over; now that the sale is posted into the
 * session, that cash comes back out of Cash Over and Short (the drawer keeps what was counted).
 */
export function lateSalePostings(s: SessionRef & { zNumber: number; correction: Cents }): Posting[] {
  return [
    {
      ...base(s),
      debit: 'cashOverShort',
      credit: { subAccountId: s.drawer },
      amount: s.correction,
      particulars: `${s.tillName} Z ${s.zNumber}: a sale made before the close, posted after it`,
    },
  ];
}
