// The rules of a user's fields, in one place: the admin user form
// (src/features/admin/users), the user routes' schemas (server/routes/admin/users.ts)
// and the first administrator's password from the environment (server/config.ts).
// Plain values (no zod): the app imports them too.
import type { TextLength } from './field-rules';

/** Passwords: at least 12 characters (OWASP ASVS 4.0 §2.1.1), at most 128. One rule for every account. */
export const PASSWORD_LENGTH = { min: 12, max: 128 } as const;
export const EMAIL_MAX = 254;
/** First and last names. */
export const PERSON_NAME: TextLength = { min: 1, max: 100 };

export const passwordTooShort = `Password must be at least ${PASSWORD_LENGTH.min} characters`;
export const passwordTooLong = `Password must be at most ${PASSWORD_LENGTH.max} characters`;
