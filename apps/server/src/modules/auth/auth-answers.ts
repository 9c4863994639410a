import { z } from 'zod';

/**
 * Every successful answer of better-auth that reaches a browser, as an allow-list: zod drops
 * every key not named here, so a column added to the user or session table, or a field a new
 * better-auth release adds (the session token), never leaves the server by accident.
 */
export const authAnswerSchema = z.object({
  /** Sign-up, sign-in, get-session: the user as the web app knows it (`GET /api/me`'s shape, role included). */
  user: z
    .object({
      id: z.string(),
      email: z.string(),
      name: z.string(),
      image: z.string().nullable().default(null),
      emailVerified: z.boolean(),
      role: z.string().nullable().default(null),
    })
    .nullable()
    .optional(),
  /** get-session: when the session ends. */
  session: z
    .object({ expiresAt: z.union([z.string(), z.date()]) })
    .nullable()
    .optional(),
  /** Continue With Google: where to send the browser. */
  url: z.string().optional(),
  redirect: z.boolean().optional(),
  /** Reset, verification, sign-out. */
  status: z.boolean().optional(),
  success: z.boolean().optional(),
});
