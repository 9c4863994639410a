import type { ServiceDeps } from '../../lib/service-deps.ts';
import { emptyProfile, type Profile, type UpdateProfileInput } from '@toolsify/shared/profile';
import { findProfile, upsertProfile } from './profile.repository.ts';

/** The user's saved profile; empty strings until they save one. */
export async function getProfile(deps: Pick<ServiceDeps, 'db'>, userId: string): Promise<Profile> {
  const { db } = deps;
  return (await findProfile(db, userId)) ?? { ...emptyProfile };
}

export async function saveProfile(deps: Pick<ServiceDeps, 'db'>, userId: string, input: UpdateProfileInput): Promise<Profile> {
  const { db } = deps;
  return upsertProfile(db, userId, input);
}
