import { LoadError, Loading } from '../../../../components/QueryStatus.tsx';
import { useThemes } from '../themes/use-themes.ts';
import { AppearanceForm } from './AppearanceForm.tsx';
import { paletteChoices } from './appearance-form.ts';
import { useAppearance } from './use-appearance.ts';

/** The palettes of the organization's members: which ones they may switch to, and the default. */
export function AppearancePage() {
  const appearance = useAppearance();
  const themes = useThemes();
  const failed = appearance.error ?? themes.error;
  return (
    <div className="page stack">
      <h1>Appearance</h1>
      {(appearance.isPending || themes.isPending) && <Loading label="Loading the palettes…" />}
      {failed && (
        <LoadError
          error={failed}
          onRetry={() => {
            void appearance.refetch();
            void themes.refetch();
          }}
        />
      )}
      {appearance.data && themes.data && (
        <AppearanceForm appearance={appearance.data} choices={paletteChoices(themes.data, appearance.data)} />
      )}
    </div>
  );
}
