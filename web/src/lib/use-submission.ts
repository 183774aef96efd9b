import { useRef, useState } from 'react';
import { Submissions } from './idempotency-key.ts';

/**
 * A form's submissions (`Submissions`: one `Idempotency-Key` per document, kept for a retry, a second
 * click ignored while one is in flight) and whether one is in flight, for the submit button's `loading`:
 *
 *   const submission = useSubmission();
 *   const result = await submission.submit(body, (headers) => api(route, { body }, { headers }));
 *   if (!result) return; // already sending
 */
export function useSubmission(): { submit: Submissions['submit']; renew: () => void; busy: boolean } {
  const [busy, setBusy] = useState(false);
  const held = useRef<Submissions | null>(null);
  held.current ??= new Submissions(setBusy);
  const submissions = held.current;
  return { submit: submissions.submit.bind(submissions), renew: submissions.renew.bind(submissions), busy };
}
