import { NavLink, Outlet } from 'react-router';
import styles from './AgentsArea.module.css';

/** The agents area: its own sub-navigation (agents, workflows, skills) above the page. */
export function AgentsArea() {
  return (
    <>
      <nav aria-label="Agents area" className={styles.tabs}>
        <NavLink to="/agents" end className={styles.tab}>
          All agents
        </NavLink>
        <NavLink to="/agents/workflows" className={styles.tab}>
          Workflows
        </NavLink>
        <NavLink to="/agents/skills" className={styles.tab}>
          Skills
        </NavLink>
      </nav>
      <Outlet />
    </>
  );
}
