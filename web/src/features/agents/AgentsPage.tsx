import { unwrap } from '@atrium/client';
import { useQuery } from '@tanstack/react-query';
import { LoadError, Loading } from '../../components/QueryStatus.tsx';
import { useClient } from '../../lib/client-context.tsx';
import styles from './AgentsPage.module.css';

export function AgentsPage() {
  const client = useClient();
  const agents = useQuery({
    queryKey: ['agents'],
    queryFn: async () => unwrap(await client.api.GET('/v1/agents', { params: { query: { limit: 100 } } })),
  });

  return (
    <div className="page">
      <h1>Agents</h1>
      <p className="muted">Assistants your organization set up, each with its own instructions, model and tools.</p>
      {agents.isPending && <Loading />}
      {agents.isError && <LoadError error={agents.error} onRetry={() => agents.refetch()} />}
      {agents.data?.data.length === 0 && <p className="empty">No agents yet.</p>}
      <ul className={styles.list}>
        {agents.data?.data.map((agent) => (
          <li key={agent.id} className={styles.row}>
            <h2 className={styles.name}>{agent.name}</h2>
            {agent.description && <p className={styles.description}>{agent.description}</p>}
            <p className={styles.visibility}>
              {agent.visibility === 'private' ? 'Only you' : 'Everyone in the organization'}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
