// Route guard of spec section 2: before every navigation, a visitor who is not signed in and is
// not going to a public page (/login, /terms) is sent to /login; once the profile has loaded, a
// user who has not accepted the current terms is sent to /terms. A signed-in user has no business
// on /login and goes home.
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { isPublicPath, LOGIN_PATH, TERMS_PATH } from '@ipsv/contracts/routes';
import { sessionQuery } from '../api/get-session';

export function createGuardLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    const { pathname } = new URL(request.url);
    const { user } = await queryClient.fetchQuery(sessionQuery);
    if (!user) {
      if (!isPublicPath(pathname)) throw redirect(LOGIN_PATH);
      return null;
    }
    const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    if (path === LOGIN_PATH) throw redirect('/');
    if (!user.termsAccepted && path !== TERMS_PATH) throw redirect(TERMS_PATH);
    return null;
  };
}

/** The guard runs on every navigation, not only when the root route's params change. */
export const revalidateOnEveryNavigation = () => true;
