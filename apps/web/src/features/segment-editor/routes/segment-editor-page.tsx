// /segment-editor: the provider's videos whose segments can be edited — published ones and any
// whose details have been saved (segments can be prepared while the video is still processing).
import { useTranslation } from 'react-i18next';
import type { Video } from '@ipsv/contracts/videos';
import { MyVideoPicker } from '../../../components/my-video-picker';
import { Page } from '../../../components/page';

export const editableForSegments = (videos: readonly Video[]): Video[] => videos.filter((v) => v.status === 'published' || v.detailsSaved);

export function SegmentEditorPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.segmentEditor.title')}>
      <MyVideoPicker
        select={editableForSegments}
        linkTo={(video) => `/edit-segments/${encodeURIComponent(video.id)}`}
        label={t('segmentEditor.list.label')}
        empty={{ title: t('segmentEditor.list.emptyTitle'), hint: t('pages.segmentEditor.empty') }}
        badge={(video) => ({ label: t(`segmentEditor.list.status.${video.status}`), color: video.status === 'published' ? 'teal' : 'gray' })}
      />
    </Page>
  );
}
