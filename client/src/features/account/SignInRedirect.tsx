import { ROUTES } from '@domain/routes';
import { Navigate, useLocation } from 'react-router-dom';
import { useServerPage } from '../../lib/serverPage';

/** A signed-out visitor on a page that needs an account goes to sign-in, and comes back here after it. */
export function SignInRedirect() {
  const location = useLocation();
  const to = `${ROUTES.signIn}?error=SessionRequired&callbackUrl=${encodeURIComponent(location.pathname + location.search)}`;
  const server = useServerPage();
  // On the server the answer is a 302 (a <Navigate> there would do nothing).
  if (server) {
    server.redirect(to);
    return null;
  }
  return <Navigate to={to} replace />;
}
