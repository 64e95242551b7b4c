/** The exact field sets of the views, sorted, for `expect(Object.keys(body).sort()).toEqual(…)`. */

export const USER_FIELDS = [
  'console_role_id',
  'created_at',
  'display_name',
  'email',
  'first_name',
  'id',
  'is_developer',
  'is_suspended',
  'last_name',
  'organization_id',
  'organization_is_system',
  'organization_name',
  'role',
  'updated_at',
];

export const SYSTEM_USER_FIELDS = [...USER_FIELDS, 'console_role'].sort();

export const SERVICE_ACCOUNT_FIELDS = [
  'can_access_console',
  'can_mint_cross_org',
  'created_at',
  'created_by_user_id',
  'description',
  'id',
  'is_suspended',
  'last_used_at',
  'name',
  'organization_id',
  'role',
  'updated_at',
];
