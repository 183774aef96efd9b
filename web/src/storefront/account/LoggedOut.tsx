import { Link, useLocation } from 'react-router';

/** What a shopper's page shows without a session (never logged in, logged out, or a 401 that ended it). */
export function LoggedOut({ title }: { title: string }) {
  const { pathname } = useLocation();
  return (
    <main className="account-page" data-testid="shopper-logged-out">
      <h1>{title}</h1>
      <p className="account-notice">You are not logged in.</p>
      <div className="account-links">
        <Link to={`/login?next=${encodeURIComponent(pathname)}`}>Log in</Link>
        <Link to="/register">Create an account</Link>
      </div>
    </main>
  );
}
