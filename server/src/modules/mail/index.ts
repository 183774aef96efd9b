/** The mail module's entry: the outbox other modules write to in their own transaction. */
export { enqueueMail, type NewMail } from './outbox.ts';
