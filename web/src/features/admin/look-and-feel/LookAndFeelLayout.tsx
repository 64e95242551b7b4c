import { Outlet } from 'react-router';
import { SectionNav } from '../../../components/SectionNav.tsx';

const PAGES = [
  { to: '/admin/look-and-feel', label: 'Branding' },
  { to: '/admin/look-and-feel/themes', label: 'Themes' },
  { to: '/admin/look-and-feel/appearance', label: 'Appearance' },
];

/** Look and feel: the brand, the organization's own themes, and which palettes members may use. */
export function LookAndFeelLayout() {
  return (
    <>
      <SectionNav label="Look and feel" pages={PAGES} />
      <Outlet />
    </>
  );
}
