/**
 * A signed-in member's profile, made when it is missing: from the sign-up
 * details kept on this device (an address confirmed by email, or a sign-up
 * whose profile was not sent), else by the details step's form. One attempt
 * per member at a time, so the sign-in and the details page never send the
 * profile twice.
 */
import { londonDate } from '../../domain/london-time';
import type { MemberProfile, ProfileAnswer } from '../../domain/member-profile';
import { clearPendingSignup, readPendingSignup } from '../../domain/pending-signup';
import { EMPTY_DETAILS, toProfile, validateDetails, type DetailsValues } from '../../domain/signup-form';
import { ApiError } from '../../lib/api-client';
import { memberRequest } from '../../lib/auth';
import { memberKeys } from '../../lib/member-keys';
import { getSupabase } from '../../lib/supabase';
import { fetchProfile, isProfileMissing } from '../../lib/member-profile-query';
import { queryClient } from '../../lib/query-client';
import { storeProfile } from './stored-profile';

export interface Member {
  userId: string;
  email: string;
}

export type ProfileOutcome =
  | { kind: 'ready'; profile: MemberProfile }
  /** No profile: the form asks, starting from the kept details (or the names staff typed at a venue) and the server's reason for refusing them. */
  | { kind: 'missing'; kept: DetailsValues | null; problem: string | null };

function remember(member: Member, profile: MemberProfile): MemberProfile {
  storeProfile(profile);
  queryClient.setQueryData(memberKeys.profile(member.userId), profile);
  clearPendingSignup(window.localStorage, member.email);
  return profile;
}

/** POSTs the profile; an account that has one by now (another tab) reads it instead. */
export async function createProfile(member: Member, details: DetailsValues): Promise<MemberProfile> {
  try {
    const body = { ...toProfile({ ...details, email: member.email }), user_id: member.userId };
    const created = await memberRequest<ProfileAnswer>('POST', '/auth/profile', body);
    return remember(member, created.userProfile);
  } catch (cause) {
    if (cause instanceof ApiError && cause.status === 409) return remember(member, await fetchProfile());
    throw cause;
  }
}

async function loadOrCreate(member: Member): Promise<ProfileOutcome> {
  try {
    return { kind: 'ready', profile: remember(member, await fetchProfile()) };
  } catch (cause) {
    if (!isProfileMissing(cause)) throw cause;
  }
  const kept = readPendingSignup(window.localStorage, member.email, new Date());
  if (!kept) return { kind: 'missing', kept: await namesOnAccount(), problem: null };
  if (validateDetails(kept, member.email, londonDate(new Date())).length > 0) {
    return { kind: 'missing', kept, problem: null };
  }
  try {
    return { kind: 'ready', profile: await createProfile(member, kept) };
  } catch (cause) {
    if (cause instanceof ApiError && cause.status === 422) return { kind: 'missing', kept, problem: cause.message };
    throw cause;
  }
}

/**
 * The names staff typed when they registered him at a venue, as the server
 * keeps them on his account (its user_metadata, read from /auth/v1/user):
 * the details form starts from them and he confirms or corrects them.
 * Nothing when the account has none or cannot be read now.
 */
async function namesOnAccount(): Promise<DetailsValues | null> {
  try {
    const { data } = await (await getSupabase()).auth.getUser();
    const meta = (data.user?.user_metadata ?? {}) as { first_name?: unknown; last_name?: unknown };
    const name = (v: unknown) => (typeof v === 'string' ? v.trim().slice(0, 100) : '');
    const firstName = name(meta.first_name);
    const lastName = name(meta.last_name);
    return firstName || lastName ? { ...EMPTY_DETAILS, firstName, lastName } : null;
  } catch {
    return null;
  }
}

const inFlight = new Map<string, Promise<ProfileOutcome>>();

/** The member's profile, created from kept sign-up details when there is none; 'missing' when the member must give them. */
export function ensureProfile(member: Member): Promise<ProfileOutcome> {
  const running = inFlight.get(member.userId);
  if (running) return running;
  const attempt = loadOrCreate(member).finally(() => inFlight.delete(member.userId));
  inFlight.set(member.userId, attempt);
  return attempt;
}
