import { z } from 'zod';
import { emailField } from './auth.ts';
import { pageSchema } from './ids.ts';

/** The Contact Us section ("Stay connected with us"). */
export const contactSchema = z.strictObject({
  email: emailField,
  subject: z.string().trim().max(200, 'Must be 200 characters or shorter').default(''),
  message: z.string().trim().min(1, 'Please write a message').max(5000, 'Must be 5000 characters or shorter'),
});
export type ContactInput = z.infer<typeof contactSchema>;

/** A Contact Us message as the admins' Inbox shows it (`GET /api/contact/messages`). */
export const contactMessageSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
  /** When an admin marked it read, or null. */
  readAt: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactMessagePageSchema = pageSchema(contactMessageSchema).extend({
  /** How many messages are unread, all pages together. */
  unread: z.number().int(),
});
export type ContactMessagePage = z.infer<typeof contactMessagePageSchema>;

/** A "Reply by email" link: to the sender, with "Re: " and the subject (or a plain one). */
export function replyMailto(message: Pick<ContactMessage, 'email' | 'subject'>): string {
  const subject = message.subject.trim() === '' ? 'Re: your message to Toolsify' : `Re: ${message.subject}`;
  return `mailto:${encodeURIComponent(message.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}`;
}
