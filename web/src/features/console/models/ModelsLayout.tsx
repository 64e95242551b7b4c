import { Outlet } from 'react-router';
import { SectionNav } from '../../../components/SectionNav.tsx';

export const MODELS_ROOT = '/console/models';

const PAGES = [
  { to: MODELS_ROOT, label: 'Providers' },
  { to: `${MODELS_ROOT}/families`, label: 'Families' },
];

/** The model catalog's two halves: providers (and their vendors' listings) and model families (and versions). */
export function ModelsLayout() {
  return (
    <>
      <SectionNav label="Model catalog" pages={PAGES} />
      <Outlet />
    </>
  );
}
