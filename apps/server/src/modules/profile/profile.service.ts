import type { Kysely } from 'kysely';
import { emptyProfile, type Profile, type UpdateProfileInput } from '@toolsify/shared/profile';
import type { Database } from '../../db/schema.ts';
import { findProfile, upsertProfile } from './profile.repository.ts';

/** The user's saved profile; empty strings until they save one. */
export async function getProfile(db: Kysely<Database>, userId: string): Promise<Profile> {
  return (await findProfile(db, userId)) ?? { ...emptyProfile };
}

export async function saveProfile(db: Kysely<Database>, userId: string, input: UpdateProfileInput): Promise<Profile> {
  return upsertProfile(db, userId, input);
}
