import { useRouteError } from 'react-router';

/**
 * A page that failed to load or render. The usual cause is a release made while the tab was open (its old page
 * chunks are gone), which a reload fixes.
 */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <div className="page">
      <h1>This page could not be shown</h1>
      <p>Atrium may have been updated since this tab opened.</p>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
}
