// The route tree: spec section 2 routes grouped by layout under a guarded root.
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '../components/loading-screen';
import { watchPageQuery } from '../features/watching/api/get-watch-page';
import { startEarlyPlayback } from '../features/watching/early-playback';
import { deepLinkStart } from '../features/watching/watch-math';
import { isVideoId, NotFoundError } from '../lib/not-found';
import { createGuardLoader, revalidateOnEveryNavigation } from './guard';
import { DefaultLayout } from './layouts/default-layout';
import { EmptyLayout } from './layouts/empty-layout';
import { RootShell } from './root-shell';
import { RouteError } from './route-error';
import { FeaturePendingPage } from './routes/feature-pending-page';
import { NotFoundPage } from './routes/not-found-page';
import { ROUTE_TABLE, type LayoutName } from './routes/route-table';

type LayoutRoute = Pick<RouteObject, 'element' | 'lazy'>;

// Visitors first meet the empty layout (/login); the signed-in layouts load on demand.
const LAYOUTS: Record<LayoutName, LayoutRoute> = {
  landing: { lazy: async () => ({ Component: (await import('./layouts/landing-layout')).LandingLayout }) },
  home: { lazy: async () => ({ Component: (await import('./layouts/home-layout')).HomeLayout }) },
  upload: { lazy: async () => ({ Component: (await import('./layouts/upload-layout')).UploadLayout }) },
  empty: { element: <EmptyLayout /> },
  default: { element: <DefaultLayout /> },
};

type PageModule = () => Promise<{ Component: ComponentType }>;

/** Pages that exist; every other route of the table shows its honest empty state. */
export const PAGES: Partial<Record<string, PageModule>> = {
  login: async () => ({ Component: (await import('../features/auth/routes/login-page')).LoginPage }),
  terms: async () => ({ Component: (await import('../features/terms/routes/terms-page')).TermsPage }),
  security: async () => ({ Component: (await import('../features/account/routes/security-page')).SecurityPage }),
  personalInformation: async () => ({ Component: (await import('../features/account/routes/profile-page')).ProfilePage }),
  user: async () => ({ Component: (await import('../features/discovery/routes/provider-page')).ProviderPage }),
  videoSearch: async () => ({ Component: (await import('../features/discovery/routes/video-search-page')).VideoSearchPage }),
  adminCuration: async () => ({ Component: (await import('../features/admin/routes/admin-curation-page')).AdminCurationPage }),
  piiEditor: async () => ({ Component: (await import('../features/pii-editor/routes/pii-editor-page')).PiiEditorPage }),
  editPii: async () => ({ Component: (await import('../features/pii-editor/routes/edit-pii-page')).EditPiiPage }),
  segmentEditor: async () => ({ Component: (await import('../features/segment-editor/routes/segment-editor-page')).SegmentEditorPage }),
  editSegments: async () => ({ Component: (await import('../features/segment-editor/routes/edit-segments-page')).EditSegmentsPage }),
  adminUsers: async () => ({ Component: (await import('../features/admin/routes/admin-users-page')).AdminUsersPage }),
  upload: async () => ({ Component: (await import('../features/upload/routes/upload-page')).UploadPage }),
  uploadProgress: async () => ({ Component: (await import('../features/upload/routes/upload-progress-page')).UploadProgressPage }),
  uploadFinished: async () => ({ Component: (await import('../features/video-details/routes/upload-finished-page')).UploadFinishedPage }),
  editVideo: async () => ({ Component: (await import('../features/video-details/routes/edit-video-page')).EditVideoPage }),
  video: async () => ({ Component: (await import('../features/watching/routes/video-page')).VideoPage }),
  watchLater: async () => ({ Component: (await import('../features/watching/routes/watch-later-page')).WatchLaterPage }),
  history: async () => ({ Component: (await import('../features/watching/routes/history-page')).HistoryPage }),
  notedVideos: async () => ({ Component: (await import('../features/watching/routes/noted-videos-page')).NotedVideosPage }),
  videoPlaylist: async () => ({ Component: (await import('../features/watching/routes/playlists-page')).PlaylistsPage }),
  progress: async () => ({ Component: (await import('../features/progress/routes/progress-page')).ProgressPage }),
  analytics: async () => ({ Component: (await import('./routes/account-overview-page')).AccountOverviewPage }),
  notifications: async () => ({ Component: (await import('../features/notifications/routes/notification-settings-page')).NotificationSettingsPage }),
  notificationList: async () => ({ Component: (await import('../features/notifications/routes/notifications-page')).NotificationsPage }),
  editor: async () => ({ Component: (await import('../features/dashboard/routes/editor-hub-page')).EditorHubPage }),
  content: async () => ({ Component: (await import('../features/dashboard/routes/content-page')).ContentPage }),
  whitelist: async () => ({ Component: (await import('../features/dashboard/routes/whitelist-page')).WhitelistPage }),
  versionControl: async () => ({ Component: (await import('../features/dashboard/routes/version-control-page')).VersionControlPage }),
  licences: async () => ({ Component: (await import('../features/licences/routes/my-licences-page')).MyLicencesPage }),
  licenceRecord: async () => ({ Component: (await import('../features/licences/routes/licence-record-page')).LicenceRecordPage }),
  providerAnalytics: async () => ({ Component: (await import('../features/dashboard/routes/analytics-page')).AnalyticsPage }),
  sendFeedback: async () => ({ Component: (await import('../features/feedback/routes/send-feedback-page')).SendFeedbackPage }),
  adminSettings: async () => ({ Component: (await import('../features/admin/routes/admin-settings-page')).AdminSettingsPage }),
  adminFeedback: async () => ({ Component: (await import('../features/feedback/routes/admin-feedback-page')).AdminFeedbackPage }),
  about: async () => ({ Component: (await import('../features/info/routes/about-page')).AboutPage }),
  readme: async () => ({ Component: (await import('../features/info/routes/readme-page')).ReadmePage }),
  support: async () => ({ Component: (await import('../features/support/routes/support-page')).SupportPage }),
};

function InitialLoading() {
  const { t } = useTranslation();
  return <LoadingScreen label={t('common.loading')} />;
}

/** Pages about one video: an id that cannot be a video's shows the not-found page at once. */
const VIDEO_ID_PARAMS = [':surgeryId', ':videoId'];
function requireVideoId({ params }: { params: Record<string, string | undefined> }) {
  if (!isVideoId(params.surgeryId ?? params.videoId)) throw new NotFoundError();
  return null;
}

/**
 * The video page's first frame waits on its API answer, hls.js and the first media requests: they
 * start here, beside the session check and the page's own script, instead of one after the other
 * once the page has mounted. hls.js itself starts here on a <video> the player adopts at mount
 * (early-playback.ts), so the first segment is in the element while the page renders.
 */
const videoPageLoader =
  (queryClient: QueryClient) =>
  ({ params, request }: { params: Record<string, string | undefined>; request: Request }) => {
    requireVideoId({ params });
    const query = watchPageQuery(params.videoId!);
    void import('hls.js/light');
    // A playlist's clip starts where its item says: the player fetches that itself.
    const search = new URL(request.url).searchParams;
    if (search.has('playlist')) {
      void queryClient.prefetchQuery(query);
      return null;
    }
    void queryClient
      .fetchQuery(query)
      .then((page) => startEarlyPlayback(params.videoId!, page.playback.hls, deepLinkStart(search)))
      .catch(() => undefined);
    return null;
  };

export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const layoutRoutes: RouteObject[] = (Object.keys(LAYOUTS) as LayoutName[]).map((layout) => {
    const children: RouteObject[] = ROUTE_TABLE.filter((route) => route.layout === layout).map((route) => {
      const page = PAGES[route.page];
      const loader =
        route.page === 'video' ? videoPageLoader(queryClient) : VIDEO_ID_PARAMS.some((param) => route.path.includes(param)) ? requireVideoId : undefined;
      return page ? { path: route.path, loader, lazy: page } : { path: route.path, loader, element: <FeaturePendingPage page={route.page} /> };
    });
    if (layout === 'landing') {
      children.unshift({ index: true, lazy: async () => ({ Component: (await import('./routes/landing-page')).LandingPage }) });
    }
    return { ...LAYOUTS[layout], children };
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
          // Inside the root shell, so the skip link and the consent dialogs stay.
          errorElement: <RouteError />,
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
