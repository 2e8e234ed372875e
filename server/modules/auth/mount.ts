/**
 * The auth module's mounts: the refusal of sign-ins the password pool
 * cannot take, outermost of all; and the /auth/v1 stand-in, unless a
 * hosted Supabase project signs members in.
 */
import type { AppContext } from '../../platform/app-context';
import { authV1Routes, passwordAdmission } from './auth-v1-routes';
import { memberAuth, type AuthEnv, type MemberAuth } from './member-auth';
import { hostedStaffCheck, ownStaffCheck, type StaffCheck } from './staff-role';
import type { AuthRoutesEnv } from './auth-v1-routes';
import type { Env } from '../../platform/env';
import { sessionLimits } from './sessions';
import { staffActivity, type StaffActivity } from './staff-activity';

/** Before every other layer: a refused sign-in costs no more than reading its head (password-gate.ts). */
export function mountPasswordAdmission({ app, env }: Pick<AppContext<Pick<AuthEnv, 'supabaseUrl'>>, 'app' | 'env'>): void {
  if (!env.supabaseUrl) app.use('/auth/v1/*', passwordAdmission());
}

export interface AuthModule extends MemberAuth {
  /** The staff role a signed-in member holds, if any. */
  isStaff: StaffCheck;
  /** Marks a staff session as used, refusing one idle too long (docs/rules.md#staff-idle). */
  staffActivity: StaffActivity;
}

export function mountAuth({ app, db, env, now, logger, mailer }: AppContext<AuthEnv & AuthRoutesEnv & Pick<Env, 'staffIdleMinutes'>>): AuthModule {
  const auth = memberAuth({ db, env, now, logger, mailer });
  if (auth.service) app.route('/auth/v1', authV1Routes(auth.service, env, logger));
  const ownSessions = auth.service ? { limits: sessionLimits(env.authSessionInactivityDays, env.authSessionLifetimeDays) } : undefined;
  return {
    ...auth,
    isStaff: env.supabaseUrl ? hostedStaffCheck() : ownStaffCheck(db),
    staffActivity: staffActivity(db, env.staffIdleMinutes, now, ownSessions),
  };
}
