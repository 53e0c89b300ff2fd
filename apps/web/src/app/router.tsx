// The route tree: spec section 2 routes grouped by layout under a guarded root.
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '../components/loading-screen';
import { createGuardLoader, revalidateOnEveryNavigation } from './guard';
import { DefaultLayout } from './layouts/default-layout';
import { EmptyLayout } from './layouts/empty-layout';
import { HomeLayout } from './layouts/home-layout';
import { LandingLayout } from './layouts/landing-layout';
import { UploadLayout } from './layouts/upload-layout';
import { RootShell } from './root-shell';
import { RouteError } from './route-error';
import { FeaturePendingPage } from './routes/feature-pending-page';
import { LandingPage } from './routes/landing-page';
import { NotFoundPage } from './routes/not-found-page';
import { ROUTE_TABLE, type LayoutName } from './routes/route-table';

const LAYOUTS: Record<LayoutName, () => React.JSX.Element> = {
  landing: LandingLayout,
  home: HomeLayout,
  upload: UploadLayout,
  empty: EmptyLayout,
  default: DefaultLayout,
};

function InitialLoading() {
  const { t } = useTranslation();
  return <LoadingScreen label={t('common.loading')} />;
}

export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const layoutRoutes: RouteObject[] = (Object.keys(LAYOUTS) as LayoutName[]).map((layout) => {
    const Layout = LAYOUTS[layout];
    const children: RouteObject[] = ROUTE_TABLE.filter((route) => route.layout === layout).map((route) => ({
      path: route.path,
      element: <FeaturePendingPage page={route.page} />,
    }));
    if (layout === 'landing') children.unshift({ index: true, element: <LandingPage /> });
    return { element: <Layout />, children };
  });

  return [
    {
      id: 'root',
      path: '/',
      element: <RootShell />,
      errorElement: <RouteError />,
      HydrateFallback: InitialLoading,
      children: [
        // Every page of the route table sits behind the guard. Unknown paths do not: their
        // not-found page reveals nothing, and a visitor deserves to know the link is wrong.
        {
          id: 'guarded',
          loader: createGuardLoader(queryClient),
          shouldRevalidate: revalidateOnEveryNavigation,
          children: layoutRoutes,
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

export function createRouter(queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(queryClient));
}
