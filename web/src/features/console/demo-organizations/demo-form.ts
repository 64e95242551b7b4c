import { isEmail } from '../../../lib/email.ts';
import type { NewDemoOrganization } from './demo-api.ts';

/** The API's bounds (src/modules/console/schemas.ts): names trimmed, 1-255; an email of at most 254. */
export const DEMO_LIMITS = { name: 255, email: 254 } as const;
/** How long a demo runs unless the form says otherwise. */
const DEFAULT_DAYS = 14;

export interface DemoFormValues {
  name: string;
  /** The last day of the demo (YYYY-MM-DD, the person's own calendar): it ends as that day does. */
  endsOn: string;
  firstName: string;
  lastName: string;
  email: string;
}

export type DemoFormErrors = Partial<Record<keyof DemoFormValues, string>>;

/** The API's body keys and conflict codes, for placing its refusals on their fields. */
export const DEMO_FIELDS = {
  name: 'name',
  expires_at: 'endsOn',
  'admin.first_name': 'firstName',
  'admin.last_name': 'lastName',
  'admin.email': 'email',
} as const;
export const DEMO_CODES = { duplicate_name: 'name', duplicate_email: 'email' } as const;

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The last instant of a calendar day in the person's time zone; an invalid date for anything but YYYY-MM-DD. */
export function endOfDay(day: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return new Date(Number.NaN);
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59, 999);
}

export function demoFormValues(now = new Date()): DemoFormValues {
  const end = new Date(now);
  end.setDate(end.getDate() + DEFAULT_DAYS);
  return { name: '', endsOn: dayOf(end), firstName: '', lastName: '', email: '' };
}

const text = (value: string, max: number, missing: string) => {
  const trimmed = value.trim();
  if (!trimmed) return missing;
  return trimmed.length > max ? `At most ${max} characters.` : undefined;
};

/** The checks the API makes: every field required, names within bounds, a valid email, an end in the future. */
export function validateDemoForm(values: DemoFormValues, now = new Date()): DemoFormErrors {
  const end = endOfDay(values.endsOn);
  const email = values.email.trim();
  const found: DemoFormErrors = {
    name: text(values.name, DEMO_LIMITS.name, 'Give the demo organization a name.'),
    endsOn: Number.isNaN(end.getTime())
      ? 'Give the last day of the demo.'
      : end <= now
        ? 'Give a day from today on.'
        : undefined,
    firstName: text(values.firstName, DEMO_LIMITS.name, 'Give the admin’s first name.'),
    lastName: text(values.lastName, DEMO_LIMITS.name, 'Give the admin’s last name.'),
    email: !email
      ? 'Give the admin’s email address.'
      : email.length > DEMO_LIMITS.email
        ? `At most ${DEMO_LIMITS.email} characters.`
        : isEmail(email)
          ? undefined
          : 'Give a valid email address, like name@example.com.',
  };
  return Object.fromEntries(Object.entries(found).filter(([, message]) => message)) as DemoFormErrors;
}

export const newDemoBody = (values: DemoFormValues): NewDemoOrganization => ({
  name: values.name.trim(),
  expires_at: endOfDay(values.endsOn).toISOString(),
  admin: {
    email: values.email.trim().toLowerCase(),
    first_name: values.firstName.trim(),
    last_name: values.lastName.trim(),
  },
});
