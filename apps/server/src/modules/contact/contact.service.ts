import type { ServiceDeps } from '../../lib/service-deps.ts';
import type { ContactInput } from '@toolsify/shared/contact';
import { insertContactMessage } from './contact.repository.ts';

/** Stores a Contact Us message with the sender's address (for abuse handling); answers its id. */
export async function receiveContactMessage(deps: Pick<ServiceDeps, 'db'>, input: ContactInput, ip: string | null): Promise<number> {
  return insertContactMessage(deps.db, { email: input.email, subject: input.subject, message: input.message, ip });
}
