// /pii-editor: the provider's videos whose personal-information ranges can be edited — those waiting
// for their first review first, then published ones (a re-review renders a new version).
import { useTranslation } from 'react-i18next';
import type { Video } from '@ipsv/contracts/videos';
import { MyVideoPicker } from '../../../components/my-video-picker';
import { Page } from '../../../components/page';

/** Review first (they block publication), then published; the server's newest-first order within each. */
export function editableForPrivacy(videos: readonly Video[]): Video[] {
  return [...videos.filter((v) => v.status === 'review'), ...videos.filter((v) => v.status === 'published')];
}

export function PiiEditorPage() {
  const { t, i18n } = useTranslation();
  return (
    <Page title={t('pages.piiEditor.title')}>
      <MyVideoPicker
        select={editableForPrivacy}
        linkTo={(video) => `/edit-pii/${encodeURIComponent(video.id)}`}
        label={t('piiEditor.list.label')}
        empty={{ title: t('piiEditor.list.emptyTitle'), hint: t('pages.piiEditor.empty') }}
        badge={(video) => ({
          label: t(`piiEditor.list.status.${video.status as 'review' | 'published'}`),
          color: video.status === 'review' ? 'orange' : 'teal',
        })}
        hint={(video) =>
          video.reviewDraftSavedAt
            ? t('piiEditor.list.draftHint', {
                time: new Date(video.reviewDraftSavedAt).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }),
              })
            : video.status === 'review'
              ? t('piiEditor.list.reviewHint')
              : t('piiEditor.list.publishedHint', { version: video.publishedVersion })
        }
      />
    </Page>
  );
}
