import {
  INTEGRATION_LIMITS,
  type Integration,
  type IntegrationChanges,
  type NewIntegration,
} from './integrations-api.ts';

/** The rules the API checks before it asks a vendor (src/modules/integrations/vendors/*.ts), said the same way. */
const TELEGRAM_TOKEN = /^\d{1,20}:[A-Za-z0-9_-]{30,100}$/;
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DOMAIN = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;
const REGION = /^[A-Z]{3}$/;

/** Every field any integration form has; a form shows the ones of its type. */
export interface IntegrationFormValues {
  displayName: string;
  botToken: string;
  tenantId: string;
  clientId: string;
  clientSecret: string;
  region: string;
}

export type IntegrationField = keyof IntegrationFormValues;
export type IntegrationErrors = Partial<Record<IntegrationField, string>>;

export const EMPTY_FORM: IntegrationFormValues = {
  displayName: '',
  botToken: '',
  tenantId: '',
  clientId: '',
  clientSecret: '',
  region: '',
};

/** Where the API's `path: message` parts land (placeApiError): `secrets.botToken` names `secrets`, and so on. */
export const API_FIELDS: Readonly<Record<string, IntegrationField>> = {
  display_name: 'displayName',
  displayName: 'displayName',
};
export const apiFieldsOf = (type: Integration['type']): Readonly<Record<string, IntegrationField>> =>
  type === 'telegram' ? { ...API_FIELDS, secrets: 'botToken' } : { ...API_FIELDS, secrets: 'clientSecret' };

const messages = {
  displayName: `Give it a name of 1 to ${INTEGRATION_LIMITS.displayName} characters.`,
  botToken: 'Paste the bot token from @BotFather: digits, a colon, then at least 30 letters, digits, - or _.',
  tenantId: 'Give the directory (tenant) id, a GUID, or one of its domains like contoso.onmicrosoft.com.',
  clientId: 'Give the application (client) id: a GUID.',
  clientSecret: `Paste the client secret's value (1 to ${INTEGRATION_LIMITS.clientSecret} characters).`,
  region: 'A Graph region is three capital letters, like NAM, EUR or GBR.',
};

/**
 * The form's problems, as the API would refuse it. `editing` leaves secrets optional (blank keeps the stored one)
 * and the Microsoft ids too (their stored values are shown).
 */
export function validateIntegration(
  type: Integration['type'],
  values: IntegrationFormValues,
  editing = false,
): IntegrationErrors {
  const errors: IntegrationErrors = {};
  const name = values.displayName.trim();
  if (!name || name.length > INTEGRATION_LIMITS.displayName) errors.displayName = messages.displayName;
  if (type === 'telegram') {
    const token = values.botToken.trim();
    if ((token || !editing) && !TELEGRAM_TOKEN.test(token)) errors.botToken = messages.botToken;
    return errors;
  }
  const tenant = values.tenantId.trim();
  if (!GUID.test(tenant) && !DOMAIN.test(tenant)) errors.tenantId = messages.tenantId;
  if (!GUID.test(values.clientId.trim())) errors.clientId = messages.clientId;
  const secret = values.clientSecret;
  if ((secret || !editing) && (secret.length === 0 || secret.length > INTEGRATION_LIMITS.clientSecret)) {
    errors.clientSecret = messages.clientSecret;
  }
  const region = values.region.trim();
  if (region && !REGION.test(region)) errors.region = messages.region;
  return errors;
}

/** The body that connects a new integration of `type`. */
export function newIntegrationBody(type: Integration['type'], values: IntegrationFormValues): NewIntegration {
  const display_name = values.displayName.trim();
  if (type === 'telegram') {
    return { type, display_name, config: {}, secrets: { botToken: values.botToken.trim() } };
  }
  const region = values.region.trim();
  return {
    type,
    display_name,
    config: { tenant_id: values.tenantId.trim(), client_id: values.clientId.trim(), ...(region ? { region } : {}) },
    secrets: { clientSecret: values.clientSecret },
  };
}

/** The form of an existing integration: its name and config; secrets are never read back, so they start blank. */
export function formValuesOf(integration: Integration): IntegrationFormValues {
  const config = integration.config as Record<string, unknown>;
  const text = (key: string) => (typeof config[key] === 'string' ? (config[key] as string) : '');
  return {
    ...EMPTY_FORM,
    displayName: integration.display_name,
    tenantId: text('tenant_id'),
    clientId: text('client_id'),
    region: text('region'),
  };
}

/** Only what changed: a blank secret keeps the stored one. An empty object means nothing to save. */
export function integrationChanges(integration: Integration, values: IntegrationFormValues): IntegrationChanges {
  const before = formValuesOf(integration);
  const changes: IntegrationChanges = {};
  const name = values.displayName.trim();
  if (name !== before.displayName) changes.display_name = name;
  if (integration.type === 'telegram') {
    if (values.botToken.trim()) changes.secrets = { botToken: values.botToken.trim() };
    return changes;
  }
  const config: Record<string, string | null> = {};
  for (const [key, field] of [
    ['tenant_id', 'tenantId'],
    ['client_id', 'clientId'],
  ] as const) {
    const value = values[field].trim();
    if (value !== before[field] && value) config[key] = value;
  }
  // The region is optional: blanking it clears it (null), where a blank tenant or client id keeps the stored one.
  const region = values.region.trim();
  if (region !== before.region) config.region = region || null;
  if (Object.keys(config).length > 0) changes.config = config;
  if (values.clientSecret) changes.secrets = { clientSecret: values.clientSecret };
  return changes;
}
