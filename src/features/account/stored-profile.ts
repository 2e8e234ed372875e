/**
 * The original client's browser copy of the profile (local storage key 'user',
 * portal shape), written after sign-up and sign-in and removed on sign-out.
 */
import type { MemberProfile } from '../../domain/member-profile';
import { STORED_PROFILE_KEY } from '../../lib/auth';

export function storeProfile(p: MemberProfile): void {
  window.localStorage.setItem(
    STORED_PROFILE_KEY,
    JSON.stringify({
      firstName: p.first_name,
      lastName: p.last_name,
      gender: p.gender,
      dateOfBirth: p.date_of_birth,
      ethnicity: p.ethnicity,
      occupation: p.occupation,
      phone: p.phone,
      email: p.email,
      homeAddress: p.home_address,
      billingAddress: p.billing_address,
      nhsNumber: p.nhs_number,
      profileId: p.profile_id,
    }),
  );
}
