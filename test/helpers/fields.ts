/** The exact field sets of the views, sorted, for `expect(Object.keys(body).sort()).toEqual(…)`. */

export const USER_FIELDS = [
  'console_role_id',
  'created_at',
  'department_id',
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

/** A model version as the catalog routes show it: camelCase as the spec's catalog tables, its stamped fields snake_case. */
export const MODEL_VERSION_FIELDS = [
  'audioCostPer1kMinutes',
  'cacheCreationCostPer1m',
  'cachedInputCostPer1m',
  'capabilities',
  'contextWindow',
  'createdAt',
  'displayName',
  'familyId',
  'id',
  'inputCostPer1m',
  'inputModalities',
  'isActive',
  'last_listed_at',
  'maxOutputTokens',
  'modelId',
  'outputCostPer1m',
  'outputModalities',
  'releasedAt',
  'supportsStreaming',
  'supportsStructuredOutput',
  'supportsThinking',
  'supportsToolUse',
  'updatedAt',
  'upstream_deprecated',
  'version',
];
