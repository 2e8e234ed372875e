/** Member and staff authentication: what the app mounts (mount.ts) and what other modules use. */
export { memberAuth, type AuthEnv, type MemberAuth } from './member-auth';
export { mountAuth, mountPasswordAdmission, type AuthModule } from './mount';
export { AuthApiError } from './auth-error';
export { authV1Routes, passwordAdmission } from './auth-v1-routes';
export { type Member, type MemberVerifier } from './member-verifier';
export { closePasswordPool, hashPassword, passwordMatches } from './passwords';
export { requireMember, unauthorized, type MemberVariables } from './require-member';
export { requireStaff, type StaffVariables } from './require-staff';
export { type StaffActivity } from './staff-activity';
export { signingSecret } from './secrets';
export { guardSignIn } from './sign-in-guard';
export { STAFF_ROLE, hostedStaffCheck, ownStaffCheck, setStandInRole, type StaffCheck } from './staff-role';
export { DEFAULT_AUTH_LIMITS, authPolicies, type AuthLimits, type AuthPolicies } from './throttle';
export { findUserById } from './users';
export { type VenueRegistrar } from './venue-registration';
