// Loads one video and shows what fits its state: the rejection, or the details form.
import { Alert, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Video } from '@ipsv/contracts/videos';
import { useErrorText } from '../../../lib/use-error-text';
import { videoQuery } from '../api/video-calls';
import { RejectedVideo } from './rejected-video';
import { VideoDetailsForm } from './video-details-form';

export function VideoDetailsView({ videoId, onSaved }: { videoId: string; onSaved: (saved: Video, firstSave: boolean) => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const video = useQuery(videoQuery(videoId));
  if (video.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {errorText(video.error)}
      </Alert>
    );
  }
  if (!video.data) return <Loader aria-label={t('common.loading')} />;
  if (video.data.status === 'rejected') return <RejectedVideo video={video.data} />;
  // Keyed by id: another video starts from its own saved values.
  return <VideoDetailsForm key={video.data.id} video={video.data} onSaved={onSaved} />;
}
