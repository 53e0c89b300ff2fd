// Every route of spec section 2 exists with the layout the spec gives it.
import { describe, expect, it } from 'vitest';
import { ROUTE_TABLE } from '../src/app/routes/route-table';
import enUS from '../src/locales/en-US.json';

const SPEC: Record<string, string> = {
  '/login': 'empty',
  '/terms': 'empty',
  '/analytics/whitelist': 'home',
  '/analytics/versioncontrol': 'home',
  '/analytics/sendfeedback': 'home',
  '/analytics/security': 'home',
  '/analytics/pi': 'home',
  '/analytics/notification': 'home',
  '/analytics/content': 'home',
  '/analytics/analytics': 'home',
  '/watch-later': 'home',
  '/video-search': 'home',
  '/video-playlist': 'home',
  '/noted-videos': 'home',
  '/history': 'home',
  '/upload': 'upload',
  '/upload-progress': 'upload',
  '/upload-finished': 'upload',
  '/progress': 'upload',
  '/segment-editor': 'upload',
  '/pii-editor': 'upload',
  '/edit-pii/:surgeryId': 'upload',
  '/edit-segments/:surgeryId': 'upload',
  '/edit-video/:surgeryId': 'upload',
  '/user/:userId': 'home',
  '/video/:videoId': 'home',
};
// Layout "not shown" or "none given" in the spec: these only need to exist.
const UNSPECIFIED = ['/about', '/analytics', '/editor', '/readme'];
// Deliberate additions (docs/ARCHITECTURE.md): the administrator's user management, curation and
// feedback, the full notification list, the support console, a viewer's licences and a licence's record.
const ADDED: Record<string, string> = {
  '/admin/users': 'home',
  '/admin/curation': 'home',
  '/admin/feedback': 'home',
  '/admin/settings': 'home',
  '/notifications': 'home',
  '/support': 'home',
  '/licences': 'home',
  '/licence-record/:requestId': 'default',
};

describe('route table', () => {
  it('has every spec route with its layout', () => {
    const table = Object.fromEntries(ROUTE_TABLE.map((r) => [r.path, r.layout]));
    for (const [path, layout] of Object.entries(SPEC)) expect(table[path], path).toBe(layout);
    for (const path of UNSPECIFIED) expect(table[path], path).toBeDefined();
    for (const [path, layout] of Object.entries(ADDED)) expect(table[path], path).toBe(layout);
    expect(ROUTE_TABLE).toHaveLength(Object.keys(SPEC).length + UNSPECIFIED.length + Object.keys(ADDED).length);
  });

  it('has a title and an empty-state text for every page', () => {
    const pages = enUS.pages as Record<string, { title?: string; empty?: string }>;
    for (const route of ROUTE_TABLE) {
      expect(pages[route.page]?.title, route.path).toBeTruthy();
      expect(pages[route.page]?.empty, route.path).toBeTruthy();
    }
  });
});
