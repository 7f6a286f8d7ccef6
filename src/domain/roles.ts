// The three roles (README: roles) and what each may do, in one place: the server
// enforces it (server/auth/roles.ts), the grower screens hide what a role may not do.
// Plain values (no zod): the app imports them too.

export const ROLES = ['user', 'admin', 'worker'] as const;
export type Role = (typeof ROLES)[number];

/** Roles that belong to one client and see only the projects they are members of. */
export const MEMBER_ROLES = ['user', 'worker'] as const satisfies readonly Role[];
export const isMemberRole = (role: string): role is (typeof MEMBER_ROLES)[number] => (MEMBER_ROLES as readonly string[]).includes(role);

/** Actions on a survey beyond looking at it: files that leave the app (issue 33: a field worker has none). */
export type SurveyAction = 'export' | 'report' | 'prescription';

const DENIED: Partial<Record<Role, readonly SurveyAction[]>> = {
  // A field worker walks the rows with the map; exports, printed reports and prescriptions stay with the grower.
  worker: ['export', 'report', 'prescription'],
};

export function mayDo(role: string | undefined | null, action: SurveyAction): boolean {
  if (!role) return false;
  return !(DENIED[role as Role] ?? []).includes(action);
}
