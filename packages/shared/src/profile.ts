import { z } from 'zod';
import { EMAIL_PATTERN } from './auth.ts';

/**
 * My Profile (`GET/PUT /api/me/profile`): saved, unlike the original, and it prefills the
 * purchase form. Fields are empty strings until filled.
 */
export const profileSchema = z.object({
  phone: z.string(),
  education: z.string(),
  linkedin: z.string(),
  address: z.string(),
  /** The buyer's company name and tax / VAT number (optional): shown on invoices and order emails. */
  company: z.string(),
  taxId: z.string(),
  /** Where the buyer's invoices are emailed too (their accounts payable), optional. */
  invoiceEmail: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

export const emptyProfile: Profile = { phone: '', education: '', linkedin: '', address: '', company: '', taxId: '', invoiceEmail: '' };

/** A web link people can open: http or https, on a real domain name. */
export const httpUrlSchema = z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: 'Provide a valid URL (https://...)' });

/** Digits with the usual separators, optionally a leading +; 6 to 30 characters. */
export const PHONE_PATTERN = /^\+?[0-9][0-9 ().-]{4,28}[0-9]$/;

/** Letters and digits with spaces, dots, dashes or slashes between them: GB123456789, DE 123 456 789. */
export const TAX_ID_PATTERN = /^[A-Za-z0-9]+(?:[ ./-]?[A-Za-z0-9]+)*$/;

/**
 * `PUT /api/me/profile` and the My Profile form: the whole profile at once. Every field may
 * be left empty; a filled one must be sensible.
 */
export const updateProfileSchema = z.strictObject({
  phone: z
    .string()
    .trim()
    .max(30, 'Must be 30 characters or shorter')
    .refine((v) => v === '' || PHONE_PATTERN.test(v), 'Provide a valid phone number'),
  education: z.string().trim().max(200, 'Must be 200 characters or shorter'),
  linkedin: z
    .string()
    .trim()
    .max(300, 'Must be 300 characters or shorter')
    .refine((v) => v === '' || httpUrlSchema.safeParse(v).success, 'Provide a valid URL (https://...)'),
  address: z.string().trim().max(500, 'Must be 500 characters or shorter'),
  // The business fields came later: a client that does not send them saves them empty.
  company: z.string().trim().max(120, 'Must be 120 characters or shorter').default(''),
  taxId: z
    .string()
    .trim()
    .max(30, 'Must be 30 characters or shorter')
    .refine((v) => v === '' || TAX_ID_PATTERN.test(v), 'Provide a valid tax / VAT number')
    .default(''),
  invoiceEmail: z
    .string()
    .trim()
    .max(254, 'Must be 254 characters or shorter')
    .refine((v) => v === '' || EMAIL_PATTERN.test(v), 'Provide a valid email address, such as ap@yourcompany.com')
    .default(''),
});
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;
/** What a client sends (the business fields may be left out). */
export type UpdateProfileBody = z.input<typeof updateProfileSchema>;

/** The spec shows 'Profile Updated' only when both phone and address are filled. */
export function isProfileComplete(profile: Pick<Profile, 'phone' | 'address'>): boolean {
  return profile.phone.trim() !== '' && profile.address.trim() !== '';
}
