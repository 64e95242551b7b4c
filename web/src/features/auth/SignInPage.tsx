import { type FormEvent, useId } from 'react';
import { Navigate, useLocation } from 'react-router';
import { nextPathFrom } from './next-path.ts';
import styles from './SignInPage.module.css';
import { signInErrorMessage } from './sign-in-error.ts';
import { useSession, useSignIn } from './use-session.ts';

export function SignInPage() {
  const session = useSession();
  const signIn = useSignIn();
  const { search } = useLocation();
  const emailId = useId();
  const passwordId = useId();

  // Signing in fills the session, and this sends the person on to where they were going.
  if (session.data) return <Navigate to={nextPathFrom(search)} replace />;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const credentials = { email: String(form.get('email')).trim(), password: String(form.get('password')) };
    signIn.mutate(credentials);
  };

  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <p className={styles.brand}>Atrium</p>
        <h1 className={styles.title}>Sign in</h1>
        <form onSubmit={submit} className="stack">
          <div className="field">
            <label htmlFor={emailId}>Email</label>
            <input id={emailId} name="email" type="email" autoComplete="username" required />
          </div>
          <div className="field">
            <label htmlFor={passwordId}>Password</label>
            <input id={passwordId} name="password" type="password" autoComplete="current-password" required />
          </div>
          {signIn.isError && (
            <p role="alert" className="alert">
              {signInErrorMessage(signIn.error)}
            </p>
          )}
          <button type="submit" className="button button--primary" disabled={signIn.isPending}>
            {signIn.isPending ? 'Signing in…' : 'Sign in'}
          </button>
        </form>
      </div>
    </main>
  );
}
