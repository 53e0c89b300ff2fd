// Web routes of spec section 2 that the server and the route guard both need to know about.

/** Paths a visitor who is not signed in may open. The spec allows only /login; we also allow
 * /terms because the login page's footer links there (see docs/ARCHITECTURE.md). */
export const PUBLIC_PATHS: readonly string[] = ['/login', '/terms'];
export const LOGIN_PATH = '/login';
export const TERMS_PATH = '/terms';

export function isPublicPath(pathname: string): boolean {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PUBLIC_PATHS.includes(normalised);
}
