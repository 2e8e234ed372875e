/** Query keys of the member's own data, under their id so one member never reads another's saved copy. */
export const memberKeys = {
  all: ['member'] as const,
  profile: (userId: string) => ['member', userId, 'profile'] as const,
  results: (userId: string, profileId: number) => ['member', userId, 'results', profileId] as const,
};
