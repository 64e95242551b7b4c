import { FormActions } from '../../../components/FormActions.tsx';
import { FormField } from '../../../components/FormField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useCheckedForm } from '../../../lib/use-checked-form.ts';
import {
  DEMO_CODES,
  DEMO_FIELDS,
  DEMO_LIMITS,
  type DemoFormValues,
  demoFormValues,
  validateDemoForm,
} from './demo-form.ts';

interface DemoFormProps {
  pending: boolean;
  /** The API's refusal of the last submit: its parts land on the fields they name. */
  error: unknown;
  onSubmit: (values: DemoFormValues) => void;
}

const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A demo organization's name and last day, and its first admin. */
export function DemoForm({ pending, error, onSubmit }: DemoFormProps) {
  const form = useCheckedForm({
    initial: demoFormValues(),
    validate: (values: DemoFormValues) => validateDemoForm(values),
    error,
    fields: DEMO_FIELDS,
    codes: DEMO_CODES,
    onValid: onSubmit,
  });
  const { values, set, errors, submit } = form;

  return (
    <form onSubmit={submit} noValidate className="stack">
      <TextField
        label="Organization name"
        hint="Unique across the platform, e.g. the prospect’s name."
        error={errors.name}
        value={values.name}
        maxLength={DEMO_LIMITS.name}
        onChange={(name) => set('name', name)}
      />
      <FormField
        label="Last day"
        hint={`The demo stops at the end of this day, your time (${ZONE}); its people are refused after that.`}
        error={errors.endsOn}
      >
        {(control) => (
          <input {...control} type="date" value={values.endsOn} onChange={(e) => set('endsOn', e.target.value)} />
        )}
      </FormField>
      <fieldset className="stack">
        <legend>First admin</legend>
        <div className="field-pair">
          <TextField
            label="First name"
            error={errors.firstName}
            value={values.firstName}
            maxLength={DEMO_LIMITS.name}
            onChange={(value) => set('firstName', value)}
          />
          <TextField
            label="Last name"
            error={errors.lastName}
            value={values.lastName}
            maxLength={DEMO_LIMITS.name}
            onChange={(value) => set('lastName', value)}
          />
        </div>
        <FormField label="Email" hint="They sign in with it." error={errors.email}>
          {(control) => (
            <input
              {...control}
              type="email"
              autoComplete="off"
              value={values.email}
              maxLength={DEMO_LIMITS.email}
              onChange={(e) => set('email', e.target.value)}
            />
          )}
        </FormField>
      </fieldset>
      <FormActions error={form.formError} pending={pending} submitLabel="Create demo organization" />
    </form>
  );
}
