import { Link } from 'react-router';
import styles from '../../components/CardList.module.css';
import { LoadError, Loading } from '../../components/QueryStatus.tsx';
import { useAgents } from './use-agents.ts';

export function AgentsPage() {
  const agents = useAgents();

  return (
    <div className="page">
      <div className={styles.header}>
        <h1>Agents</h1>
        <Link to="/agents/new" className="button button--primary">
          New agent
        </Link>
      </div>
      <p className="muted">Assistants your organization set up, each with its own instructions, model and tools.</p>
      {agents.isPending && <Loading />}
      {agents.isError && <LoadError error={agents.error} onRetry={() => agents.refetch()} />}
      {agents.data?.length === 0 && <p className="empty">No agents yet.</p>}
      <ul className={styles.list}>
        {agents.data?.map((agent) => (
          <li key={agent.id} className={styles.card}>
            <h2 className={styles.name}>
              <Link to={`/agents/${agent.id}`}>{agent.name}</Link>
            </h2>
            {agent.description && <p className={styles.description}>{agent.description}</p>}
            <p className={styles.meta}>
              {agent.visibility === 'private' ? 'Only you' : 'Everyone in the organization'}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
