import { Link, useParams } from 'react-router';
import { LoadError, Loading } from '../../../../components/QueryStatus.tsx';
import { Composer } from './Composer.tsx';
import { useTheme } from './use-themes.ts';

/** One custom theme in the composer. */
export function ThemePage() {
  const { themeId = '' } = useParams();
  const theme = useTheme(themeId);
  return (
    <div className="page stack">
      <p>
        <Link to="/admin/look-and-feel/themes">All themes</Link>
      </p>
      <h1>{theme.data ? theme.data.name : 'Theme'}</h1>
      {theme.isPending && <Loading label="Loading the theme…" />}
      {theme.isError && <LoadError error={theme.error} onRetry={() => theme.refetch()} />}
      {theme.data && <Composer key={theme.data.id} theme={theme.data} />}
    </div>
  );
}
