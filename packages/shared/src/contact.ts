import { z } from 'zod';
import { emailField } from './auth.ts';

/** The Contact Us section ("Stay connected with us"). */
export const contactSchema = z.strictObject({
  email: emailField,
  subject: z.string().trim().max(200, 'Must be 200 characters or shorter').default(''),
  message: z.string().trim().min(1, 'Please write a message').max(5000, 'Must be 5000 characters or shorter'),
});
export type ContactInput = z.infer<typeof contactSchema>;
