// The main navigation of the signed-in layouts, by role: every page a role may use is one of these
// links, or is linked from one of these pages (a video's editors from the lists, /editor from the
// upload tabs, /terms from the footer). Viewers get the library, the account and the help pages;
// providers also their videos' pages; support staff the support console; admins all of it.
import {
  IconLicense,
  IconBell,
  IconBellRinging,
  IconBook,
  IconCloudUpload,
  IconChartBar,
  IconClockHour4,
  IconCut,
  IconEyeOff,
  IconFiles,
  IconHeadset,
  IconHistory,
  IconHome,
  IconInfoCircle,
  IconListDetails,
  IconMessage,
  IconNotes,
  IconProgress,
  IconSearch,
  IconShieldLock,
  IconSettings,
  IconStars,
  IconUpload,
  IconUser,
  IconUserCircle,
  IconUsers,
  IconUsersGroup,
  IconVersions,
} from '@tabler/icons-react';
import type { Role } from '@ipsv/contracts/users';

export interface NavItem {
  to: string;
  /** i18n key of the link text. */
  label: string;
  icon: typeof IconHome;
  /** Pages under other paths that belong to this link (a video's editor under its list). */
  also?: readonly string[];
}

export interface NavSection {
  /** i18n key of the section heading. */
  label: string;
  /** Who sees the section; everyone signed in when absent. */
  roles?: readonly Role[];
  items: readonly NavItem[];
}

const PROVIDING: readonly Role[] = ['provider', 'admin'];

export const NAVIGATION: readonly NavSection[] = [
  {
    label: 'nav.library',
    items: [
      { to: '/', label: 'nav.home', icon: IconHome },
      { to: '/video-search', label: 'nav.search', icon: IconSearch },
      { to: '/watch-later', label: 'nav.watchLater', icon: IconClockHour4 },
      { to: '/history', label: 'nav.history', icon: IconHistory },
      { to: '/noted-videos', label: 'nav.notedVideos', icon: IconNotes },
      { to: '/video-playlist', label: 'nav.playlists', icon: IconListDetails },
    ],
  },
  {
    label: 'nav.yourVideos',
    roles: PROVIDING,
    items: [
      { to: '/upload', label: 'pages.upload.title', icon: IconUpload },
      { to: '/upload-progress', label: 'pages.uploadProgress.title', icon: IconCloudUpload, also: ['/upload-finished'] },
      { to: '/progress', label: 'pages.progress.title', icon: IconProgress, also: ['/edit-video'] },
      { to: '/pii-editor', label: 'nav.privacyReview', icon: IconEyeOff, also: ['/edit-pii'] },
      { to: '/segment-editor', label: 'pages.segmentEditor.title', icon: IconCut, also: ['/edit-segments'] },
      { to: '/analytics/content', label: 'pages.content.title', icon: IconFiles },
      { to: '/analytics/analytics', label: 'pages.providerAnalytics.title', icon: IconChartBar },
      { to: '/analytics/whitelist', label: 'pages.whitelist.title', icon: IconUsersGroup },
      { to: '/analytics/versioncontrol', label: 'pages.versionControl.title', icon: IconVersions },
    ],
  },
  {
    label: 'nav.account',
    items: [
      { to: '/analytics', label: 'nav.accountOverview', icon: IconUserCircle },
      { to: '/analytics/pi', label: 'pages.personalInformation.title', icon: IconUser },
      { to: '/analytics/security', label: 'pages.security.title', icon: IconShieldLock },
      { to: '/notifications', label: 'pages.notificationList.title', icon: IconBellRinging },
      { to: '/analytics/notification', label: 'nav.notificationSettings', icon: IconBell },
      { to: '/licences', label: 'pages.licences.title', icon: IconLicense },
      { to: '/analytics/sendfeedback', label: 'pages.sendFeedback.title', icon: IconMessage },
    ],
  },
  {
    label: 'nav.support',
    roles: ['support', 'admin'],
    items: [{ to: '/support', label: 'pages.support.title', icon: IconHeadset }],
  },
  {
    label: 'nav.administration',
    roles: ['admin'],
    items: [
      { to: '/admin/users', label: 'pages.adminUsers.title', icon: IconUsers },
      { to: '/admin/curation', label: 'pages.adminCuration.title', icon: IconStars },
      { to: '/admin/feedback', label: 'pages.adminFeedback.title', icon: IconMessage },
      { to: '/admin/settings', label: 'pages.adminSettings.title', icon: IconSettings },
    ],
  },
  {
    label: 'nav.help',
    items: [
      { to: '/readme', label: 'pages.readme.title', icon: IconBook },
      { to: '/about', label: 'pages.about.title', icon: IconInfoCircle },
    ],
  },
];

/** The sections a user with this role sees. */
export function navigationFor(role: Role | undefined): NavSection[] {
  return NAVIGATION.filter((section) => !section.roles || (role !== undefined && section.roles.includes(role)));
}

/** Whether the link leads to the page shown at `pathname`. */
export function isCurrent(item: NavItem, pathname: string): boolean {
  return pathname === item.to || (item.also ?? []).some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}
