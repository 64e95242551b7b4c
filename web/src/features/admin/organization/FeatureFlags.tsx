/** The organization's feature flags as they resolve for it (read-only: the platform's operators set them). */
export function FeatureFlags({ flags }: { flags: Record<string, boolean> }) {
  const names = Object.keys(flags).sort();
  if (names.length === 0) return <p className="empty">No feature flags are set for your organization.</p>;
  return (
    <table className="data-table">
      <caption className="muted">Set by the platform’s operators; shown as they apply to your organization.</caption>
      <thead>
        <tr>
          <th scope="col">Flag</th>
          <th scope="col">State</th>
        </tr>
      </thead>
      <tbody>
        {names.map((name) => (
          <tr key={name}>
            <th scope="row">
              <code>{name}</code>
            </th>
            <td>{flags[name] ? 'On' : 'Off'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
