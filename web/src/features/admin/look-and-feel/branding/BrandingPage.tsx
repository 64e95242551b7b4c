import { LoadError, Loading } from '../../../../components/QueryStatus.tsx';
import { BrandAssets } from './BrandAssets.tsx';
import { BrandingForm } from './BrandingForm.tsx';
import { useBranding } from './use-branding.ts';

/** The organization's brand: colours and guidelines (generated documents and theme suggestions use them), logos. */
export function BrandingPage() {
  const branding = useBranding();
  return (
    <div className="page stack">
      <h1>Branding</h1>
      {branding.isPending && <Loading label="Loading the branding…" />}
      {branding.isError && <LoadError error={branding.error} onRetry={() => branding.refetch()} />}
      {branding.data && (
        <>
          <section aria-labelledby="branding-colours" className="stack">
            <h2 id="branding-colours">Colours and guidelines</h2>
            <BrandingForm branding={branding.data} />
          </section>
          <section aria-labelledby="branding-files" className="stack">
            <h2 id="branding-files">Logos and brand book</h2>
            <BrandAssets branding={branding.data} />
          </section>
        </>
      )}
    </div>
  );
}
