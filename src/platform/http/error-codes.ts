/**
 * Every `code` the error envelope `{ error, code, request_id }` can carry: the spec's code catalog (its wording)
 * plus the codes the service adds, each with its status (the statuses, for a code used with several) and meaning.
 * ApiError and its helpers take only these codes, and the OpenAPI document lists them as the `code` enum of the
 * Error schema. Sorted by status, then code.
 */
export const ERROR_CODES = {
  invalid_request: {
    status: 400,
    meaning:
      'bad or missing body, unknown field in a strict body; also a bad query, cursor or request target, or a request the HTTP layer refuses',
  },
  no_listing_integration: { status: 400, meaning: 'the AI provider has no address to list models from' },
  no_text_model: {
    status: 400,
    meaning: 'a colour suggestion from a brief alone needs a text model, and the organization has none usable',
  },
  validation_error: {
    status: [400, 422],
    meaning:
      '400: console-role rules, consoleRoleId on non-system user; 422: a field fails validation on a route that answers 422',
  },
  api_key_required: { status: 401, meaning: 'a JWT was used to mint a session' },
  invalid_credentials: {
    status: 401,
    meaning:
      'wrong email or password, user of another org, suspended or expired org on mint/renew; an unknown or revoked credential',
  },
  invalid_signature: { status: 401, meaning: 'the webhook signature does not match the timestamp and body' },
  invalid_timestamp: { status: 401, meaning: 'the webhook timestamp is missing, malformed or more than 5 minutes off' },
  renew_window_expired: { status: 401, meaning: 'token older than 7 days (or its sign-in older than 30 days)' },
  unauthorized: {
    status: 401,
    meaning: 'no bearer credential, or a credential other than a user session on a route that needs one',
  },
  insufficient_balance: {
    status: 402,
    meaning: 'wallet enforcement is on and the balance is at or below zero: no run starts',
  },
  no_active_subscription: { status: 402, meaning: 'the organization has no active subscription' },
  spend_limit_reached: {
    status: 402,
    meaning: 'wallet enforcement is on and a spend limit covering the run is used up: no run starts',
  },
  admin_required: { status: 403, meaning: 'platform route without the capability or section' },
  builtin_skill_immutable: { status: 403, meaning: 'modifying or archiving a built-in skill' },
  forbidden: { status: 403, meaning: 'the caller’s role or ownership does not permit the action' },
  forbidden_role: {
    status: 403,
    meaning: 'member elevating a service account to admin, or acting on an admin service account or its keys',
  },
  no_console_role: { status: 403, meaning: 'console key, member without usable console role' },
  org_suspended: { status: 403, meaning: 'organization suspended or demo expired' },
  self_action_forbidden: { status: 403, meaning: 'admin modifying own user through the org user routes' },
  user_suspended: { status: 403, meaning: 'web sign-in with the right password by a suspended user' },
  billing_profile_not_found: { status: 404, meaning: 'profile absent on the organization' },
  no_billing_profile: { status: 404, meaning: 'no billing profile' },
  no_wallet: { status: 404, meaning: 'no wallet configured' },
  not_found: {
    status: 404,
    meaning: 'unknown organization or resource, one the caller cannot see, or an unknown route',
  },
  request_timeout: { status: 408, meaning: 'the request was not received in time' },
  agent_archived: { status: 409, meaning: 'the agent is archived and takes no new runs' },
  already_deleted: { status: 409, meaning: 'organization state conflict: already deleted' },
  already_member: { status: 409, meaning: 'the user or service account is already a member of the project' },
  already_suspended: { status: 409, meaning: 'organization state conflict: already suspended' },
  console_role_in_use: { status: 409, meaning: 'users hold the console role' },
  department_has_children: { status: 409, meaning: 'the department has child departments' },
  department_in_use: { status: 409, meaning: 'usage events reference the department' },
  duplicate_email: { status: 409, meaning: 'a user with this email already exists' },
  duplicate_limit: { status: 409, meaning: 'the organization already has a spend limit on this scope and target' },
  duplicate_name: {
    status: 409,
    meaning: 'organization name taken; also a project, service account or console role name taken',
  },
  duplicate_slug: { status: 409, meaning: 'the AI provider, model family or plan slug is taken' },
  duplicate_version: { status: 409, meaning: 'the model family already has this version' },
  family_in_use: { status: 409, meaning: 'organization model selections use the model family' },
  file_not_pending: { status: 409, meaning: 'project file not pending' },
  has_live_keys: { status: 409, meaning: 'deleting a service account with non-revoked keys' },
  integration_exists: { status: 409, meaning: 'the Telegram bot is already connected as an integration' },
  integration_in_use: { status: 409, meaning: 'usage events reference the integration' },
  invalid_invoice_state: {
    status: 409,
    meaning: 'the invoice is not in a state that allows this (a line on an issued invoice, a payment on a draft, …)',
  },
  last_active_admin: { status: 409, meaning: 'the organization must keep at least one active admin' },
  limit_reached: {
    status: [409, 422],
    meaning: '409: a collection is at its cap; 422: a workflow or its run goes past a size or model-call limit',
  },
  managed_externally: { status: 409, meaning: 'plan change conflict: the plan is managed externally' },
  model_already_tracked: {
    status: 409,
    meaning: 'a model id is already tracked by an active model family of the provider',
  },
  no_api_key: { status: 409, meaning: 'the AI provider has no API key' },
  not_deleted: { status: 409, meaning: 'organization state conflict: not deleted' },
  not_suspended: { status: 409, meaning: 'organization state conflict: not suspended' },
  organization_deleted: { status: 409, meaning: 'organization is soft-deleted' },
  payment_exceeds_amount_due: { status: 409, meaning: 'the payment is larger than what the invoice still owes' },
  plan_slug_fixed: { status: 409, meaning: 'the free plan keeps its slug: new organizations are subscribed to it' },
  run_finished: { status: 409, meaning: 'the run has already finished' },
  run_in_progress: { status: 409, meaning: 'the thread already has a run in progress' },
  run_not_awaiting: { status: 409, meaning: 'run not awaiting an answer' },
  same_plan: { status: 409, meaning: 'plan change conflict: already on this plan' },
  self_action_conflict: {
    status: 409,
    meaning: 'changing one’s own role, suspending or deleting oneself through the console user routes',
  },
  service_account_suspended: { status: 409, meaning: 'a suspended service account cannot get keys' },
  system_organization: { status: 409, meaning: 'the system organization cannot be suspended or deleted' },
  upload_incomplete: { status: 409, meaning: 'the upload is missing, expired or not of the declared size' },
  version_in_use: {
    status: 409,
    meaning: 'the model version is the latest of its family, selected by an organization or has recorded usage',
  },
  workflow_archived: { status: 409, meaning: 'the workflow is archived and starts no new runs' },
  payload_too_large: { status: 413, meaning: 'the request body is too large' },
  uri_too_long: { status: 414, meaning: 'the request URL is too long' },
  unsupported_media_type: { status: 415, meaning: 'the body is not application/json' },
  dlp_blocked: { status: 422, meaning: 'message blocked by a deny rule with no matching allow rule' },
  invalid_model: { status: 422, meaning: 'the model is not an active model version of the catalog' },
  step_failed: { status: 422, meaning: 'a workflow step failed, or a nested workflow cannot run as it stands' },
  rate_limited: {
    status: 429,
    meaning: 'too many requests, failed sign-ins or open event streams (Retry-After says when to retry)',
  },
  headers_too_large: { status: 431, meaning: 'the request line or headers are too large' },
  internal_error: { status: 500, meaning: 'an unexpected failure (logged with the request id)' },
  invalid_prompt: { status: 500, meaning: 'the model prompt could not be built' },
  run_failed: { status: 500, meaning: 'the run failed because of an internal error or a value the database refused' },
  model_error: { status: 502, meaning: 'upstream model failure' },
  vendor_error: {
    status: 502,
    meaning: 'the vendor failed: it could not list its models, or could not be reached to check an integration',
  },
  events_unavailable: { status: 503, meaning: 'live events are unavailable' },
  server_busy: { status: 503, meaning: 'too many password checks in progress (Retry-After says when to retry)' },
  shutting_down: { status: 503, meaning: 'the server is shutting down' },
  web_sign_in_unavailable: { status: 503, meaning: 'the platform has no live web (or console) key to sign in with' },
} as const satisfies Record<string, { status: number | readonly number[]; meaning: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The codes, in catalog order (status, then code). */
export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

/** `code (status): meaning`, one line per code: the catalog as the OpenAPI document shows it. */
export const describeErrorCodes = (): string =>
  Object.entries(ERROR_CODES)
    .map(([code, { status, meaning }]) => `- \`${code}\` (${[status].flat().join(', ')}): ${meaning}`)
    .join('\n');
