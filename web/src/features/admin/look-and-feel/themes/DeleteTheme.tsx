import { useNavigate } from 'react-router';
import { ConfirmAction } from '../../../../components/ConfirmAction.tsx';
import { ErrorAlert } from '../../../../components/ErrorAlert.tsx';
import type { Theme } from './themes-api.ts';
import { useDeleteTheme } from './use-themes.ts';

/** Deleting a theme also takes it out of the palettes members may use (the API does that). */
export function DeleteTheme({ theme }: { theme: Theme }) {
  const remove = useDeleteTheme(theme.id);
  const navigate = useNavigate();
  return (
    <>
      <p className="muted">Members using it go back to an allowed palette.</p>
      <div>
        <ConfirmAction
          label="Delete theme"
          question={`Delete ${theme.name}? This cannot be undone.`}
          confirmLabel="Delete it"
          pending={remove.isPending}
          onConfirm={() => remove.mutate(undefined, { onSuccess: () => navigate('/admin/look-and-feel/themes') })}
        />
      </div>
      <ErrorAlert error={remove.error} />
    </>
  );
}
