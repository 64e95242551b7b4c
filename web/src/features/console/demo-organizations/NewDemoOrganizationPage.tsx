import { Link } from 'react-router';
import { ShownOnce } from '../../../components/ShownOnce.tsx';
import { Timestamp } from '../../../components/Timestamp.tsx';
import { DemoForm } from './DemoForm.tsx';
import type { createDemoOrganization } from './demo-api.ts';
import { newDemoBody } from './demo-form.ts';
import { useCreateDemoOrganization } from './use-demo-organizations.ts';

type Created = Awaited<ReturnType<typeof createDemoOrganization>>;

/** Creates a demo organization with its first admin and shows the admin's password this once. */
export function NewDemoOrganizationPage() {
  const create = useCreateDemoOrganization();
  return (
    <div className="page stack">
      <div>
        <Link to="/console/demo-organizations">All demo organizations</Link>
        <h1>New demo organization</h1>
      </div>
      {create.data ? (
        <CreatedDemo created={create.data} onAnother={() => create.reset()} />
      ) : (
        <>
          <p className="muted">
            A demo is an organization on the free plan that stops on its last day. Its first admin gets a temporary
            password, shown once here: hand it to them with their email.
          </p>
          <DemoForm
            pending={create.isPending}
            error={create.error}
            onSubmit={(values) => create.mutate(newDemoBody(values))}
          />
        </>
      )}
    </div>
  );
}

function CreatedDemo({ created, onAnother }: { created: Created; onAnother: () => void }) {
  const { organization, user, password } = created;
  return (
    <>
      <p role="status">
        {organization.name} is ready until <Timestamp value={organization.expires_at} />.
      </p>
      <ShownOnce
        name="Admin’s temporary password"
        warning={`Copy this password now and give it to ${user.display_name}: it will not be shown again.`}
        secrets={[
          { label: 'Email', value: user.email },
          { label: 'Temporary password', value: password },
        ]}
      />
      <div className="button-row">
        <Link to="/console/demo-organizations" className="button button--primary">
          All demo organizations
        </Link>
        <button type="button" className="button" onClick={onAnother}>
          Create another demo
        </button>
      </div>
    </>
  );
}
