import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <div className="page">
      <h1>Page not found</h1>
      <p>
        Nothing lives at this address. <Link to="/threads">Go to your threads</Link>.
      </p>
    </div>
  );
}
