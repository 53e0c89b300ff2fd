// Loads one video and shows what fits its state: the rejection, or the details form. An unknown
// video shows the not-found page.
import { Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Video } from '@ipsv/contracts/videos';
import { useVideo } from '../../../api/get-video';
import { ErrorAlert } from '../../../components/error-alert';
import { notFoundWhenMissing } from '../../../lib/not-found';
import { RejectedVideo } from './rejected-video';
import { VideoDetailsForm } from './video-details-form';

export function VideoDetailsView({ videoId, onSaved }: { videoId: string; onSaved: (saved: Video, firstSave: boolean) => void }) {
  const { t } = useTranslation();
  const video = useVideo(videoId);
  notFoundWhenMissing(video.error);
  if (video.isError) return <ErrorAlert error={video.error} />;
  if (!video.data) return <Loader aria-label={t('common.loading')} />;
  if (video.data.status === 'rejected') return <RejectedVideo video={video.data} />;
  // Keyed by id: another video starts from its own saved values.
  return <VideoDetailsForm key={video.data.id} video={video.data} onSaved={onSaved} />;
}
