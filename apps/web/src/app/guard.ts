// Route guard of spec section 2: before every navigation, a visitor who is not signed in and is
// not going to a public page (/login, /terms) is sent to /login.
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { isPublicPath, LOGIN_PATH } from '@ipsv/contracts/routes';
import { sessionQuery } from '../features/session/api/get-session';

export function createGuardLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    const { pathname } = new URL(request.url);
    const session = await queryClient.fetchQuery(sessionQuery);
    if (!session.user && !isPublicPath(pathname)) throw redirect(LOGIN_PATH);
    return null;
  };
}

/** The guard runs on every navigation, not only when the root route's params change. */
export const revalidateOnEveryNavigation = () => true;
