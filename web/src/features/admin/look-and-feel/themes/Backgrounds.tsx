import { ConfirmAction } from '../../../../components/ConfirmAction.tsx';
import { ErrorAlert } from '../../../../components/ErrorAlert.tsx';
import { UploadField } from '../UploadField.tsx';
import { BACKGROUND_TYPES } from './backgrounds-api.ts';
import type { Theme, Variant } from './themes-api.ts';
import { useBackgroundUpload, useRemoveBackground } from './use-themes.ts';

/** One variant's background image: whether it has one, a new image with progress, and removing it. */
function Background({ theme, variant }: { theme: Theme; variant: Variant }) {
  const { upload, start } = useBackgroundUpload(theme.id, variant);
  const remove = useRemoveBackground(theme.id, variant);
  const attached = theme[`background_${variant}_asset_id`] !== null;
  const name = variant === 'light' ? 'Light background' : 'Dark background';
  return (
    <div className="stack">
      <h3>{name}</h3>
      <p className="muted">{attached ? 'An image is set.' : 'None: the page colour shows.'}</p>
      <UploadField
        label={attached ? `Replace the ${variant} background` : `Upload a ${variant} background`}
        hint="PNG, JPEG, WebP or AVIF, at most 8 MB. It applies once the theme is used."
        accept={BACKGROUND_TYPES}
        upload={upload}
        onFile={(file) => void start(file)}
      />
      {attached && (
        <ConfirmAction
          label="Remove"
          name={`Remove the ${variant} background`}
          question={`Remove the ${variant} background image?`}
          confirmLabel="Remove it"
          pending={remove.isPending}
          onConfirm={() => remove.mutate()}
        />
      )}
      <ErrorAlert error={remove.error} />
    </div>
  );
}

export function Backgrounds({ theme }: { theme: Theme }) {
  return (
    <div className="stack">
      <Background theme={theme} variant="light" />
      <Background theme={theme} variant="dark" />
    </div>
  );
}
