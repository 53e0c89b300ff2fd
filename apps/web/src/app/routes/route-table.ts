// Spec section 2 route table: every path with its layout and the page's i18n keys. Features that
// arrive in later issues replace the `page` entry with their own component.
export type LayoutName = 'landing' | 'home' | 'upload' | 'empty' | 'default';

export interface RouteEntry {
  path: string;
  layout: LayoutName;
  /** i18n key prefix under `pages.` with `title` and `empty`. */
  page: string;
}

export const ROUTE_TABLE: readonly RouteEntry[] = [
  { path: '/login', layout: 'empty', page: 'login' },
  { path: '/terms', layout: 'empty', page: 'terms' },
  // "not shown" in the spec: /about gets the default layout (page plus footer).
  { path: '/about', layout: 'default', page: 'about' },
  { path: '/analytics/whitelist', layout: 'home', page: 'whitelist' },
  { path: '/analytics/versioncontrol', layout: 'home', page: 'versionControl' },
  { path: '/analytics/sendfeedback', layout: 'home', page: 'sendFeedback' },
  { path: '/analytics/security', layout: 'home', page: 'security' },
  { path: '/analytics/pi', layout: 'home', page: 'personalInformation' },
  { path: '/analytics/notification', layout: 'home', page: 'notifications' },
  { path: '/analytics/content', layout: 'home', page: 'content' },
  { path: '/analytics/analytics', layout: 'home', page: 'providerAnalytics' },
  // "not shown" in the spec: /analytics is the account overview inside the home layout.
  { path: '/analytics', layout: 'home', page: 'analytics' },
  { path: '/watch-later', layout: 'home', page: 'watchLater' },
  { path: '/video-search', layout: 'home', page: 'videoSearch' },
  { path: '/video-playlist', layout: 'home', page: 'videoPlaylist' },
  { path: '/noted-videos', layout: 'home', page: 'notedVideos' },
  { path: '/history', layout: 'home', page: 'history' },
  { path: '/upload', layout: 'upload', page: 'upload' },
  { path: '/upload-progress', layout: 'upload', page: 'uploadProgress' },
  { path: '/upload-finished', layout: 'upload', page: 'uploadFinished' },
  { path: '/progress', layout: 'upload', page: 'progress' },
  { path: '/segment-editor', layout: 'upload', page: 'segmentEditor' },
  { path: '/pii-editor', layout: 'upload', page: 'piiEditor' },
  { path: '/edit-pii/:surgeryId', layout: 'upload', page: 'editPii' },
  { path: '/edit-segments/:surgeryId', layout: 'upload', page: 'editSegments' },
  { path: '/edit-video/:surgeryId', layout: 'upload', page: 'editVideo' },
  // "none given" in the spec: the default layout.
  { path: '/editor', layout: 'default', page: 'editor' },
  { path: '/readme', layout: 'default', page: 'readme' },
  { path: '/user/:userId', layout: 'home', page: 'user' },
  { path: '/video/:videoId', layout: 'home', page: 'video' },
  // Not in the spec: where an administrator manages roles and provider requests.
  { path: '/admin/users', layout: 'home', page: 'adminUsers' },
  // Not in the spec: where administrators read and answer the feedback sent from /analytics/sendfeedback.
  { path: '/admin/feedback', layout: 'home', page: 'adminFeedback' },
  // Not in the spec: the instance's policies (automatic publication), for administrators to read.
  { path: '/admin/settings', layout: 'home', page: 'adminSettings' },
  // Not in the spec as paths: the full notification list (spec section 2 "Notifications list")
  // and the support console of the support role.
  { path: '/notifications', layout: 'home', page: 'notificationList' },
  { path: '/support', layout: 'home', page: 'support' },
  // Not in the spec: where an administrator curates collections and the highlight of the month.
  { path: '/admin/curation', layout: 'home', page: 'adminCuration' },
  // Not in the spec: a viewer's licence requests and their answers, and one licence's printable
  // record (its requester, the video's provider, administrators).
  { path: '/licences', layout: 'home', page: 'licences' },
  { path: '/licence-record/:requestId', layout: 'default', page: 'licenceRecord' },
];
