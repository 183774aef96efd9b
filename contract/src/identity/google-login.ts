import { z } from 'zod';
import { out } from '../answers.ts';
import { endpoint } from '../endpoint.ts';
import { customerLoginAnswer } from './customer-session.ts';

/** What Google Identity Services hands the storefront: the ID token (a JWT). */
export const googleLoginBody = z.object({
  credential: z.string({ error: 'is required' }).min(1, 'is required').max(8192, 'is too long'),
});

/** Whether the shop offers Google sign-in, and the client id the storefront's button needs (null = hide the button). */
export const googleConfigOut = z.object({ clientId: out.optionalText });
export type GoogleConfig = z.infer<typeof googleConfigOut>;

/** Google sign-in: a verified Google account signs in as a customer (linked by e-mail, or created). */
export const googleLoginEndpoints = {
  login: endpoint({ method: 'POST', path: 'googlelogin/login', access: 'public', body: googleLoginBody, answer: customerLoginAnswer }),
  config: endpoint({ method: 'GET', path: 'googlelogin/config', access: 'public', answer: googleConfigOut }),
};
