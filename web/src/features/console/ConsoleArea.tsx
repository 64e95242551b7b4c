import type { ReactNode } from 'react';
import { Link, Navigate, Outlet } from 'react-router';
import { AreaTabs } from '../../components/AreaTabs.tsx';
import type { ConsoleSection } from './console-sections.ts';
import { useConsoleParts, useConsoleSections } from './use-console-sections.ts';

/**
 * The platform console for the system organization's operators: a tab per part they hold a section for. Whoever
 * opens a part without its section is told so; the API refuses them too, so this is a courtesy, not the guard.
 */
export function ConsoleArea() {
  const parts = useConsoleParts();
  if (parts.length === 0) {
    return <NotAllowed>Only operators of the platform with a console role can open the Console.</NotAllowed>;
  }
  const tabs = parts.map((part) => ({ to: `/console/${part.path}`, label: part.label }));
  return (
    <>
      <AreaTabs label="Console" tabs={tabs} />
      <Outlet />
    </>
  );
}

/** `/console` itself: the first part the person may open. */
export function FirstConsolePart() {
  const [first] = useConsoleParts();
  return first ? <Navigate to={`/console/${first.path}`} replace /> : null;
}

/** The gate of a part's pages: they show to people holding `section`; anyone else is refused. */
export function gateOf(section: ConsoleSection) {
  return function ConsolePartGate() {
    const held = useConsoleSections();
    if (!held.includes(section)) {
      return <NotAllowed>Your console role does not include this part of the Console.</NotAllowed>;
    }
    return <Outlet />;
  };
}

function NotAllowed({ children }: { children: ReactNode }) {
  return (
    <div className="page">
      <h1>Not allowed</h1>
      <p>{children}</p>
      <p>
        <Link to="/threads">Go to your threads</Link>
      </p>
    </div>
  );
}
