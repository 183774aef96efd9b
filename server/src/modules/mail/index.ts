/**
 * The mail module's entry: the outbox other modules write to in their own transaction (`enqueueMail`),
 * the shop's frame around a mail (`shopMail`), the worker that sends the outbox, and the routes.
 */
export { escapeHtml, htmlToText } from './html-text.ts';
export { type LayoutOptions, type MailContent, shopMail } from './layout.ts';
export { enqueueMail, type NewMail } from './outbox.ts';
export { mailRoutes } from './routes.ts';
export { Mailer, type MailerStep, wakeIfRequested, wakeMailer } from './worker.ts';
