// Thumbnail field: one of the frames the server sampled from the video, or an uploaded image.
import { Alert, Button, FileButton, Group, Image, Input, Loader, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorCode } from '@ipsv/contracts/errors';
import { THUMBNAIL_MAX_BYTES, THUMBNAIL_TYPES, type VideoDetailsInput } from '@ipsv/contracts/videos';
import { ErrorAlert } from '../../../components/error-alert';
import { codeText, useErrorText } from '../../../lib/use-error-text';
import { useThumbnails } from '../api/get-thumbnails';
import { useUploadThumbnail } from '../api/upload-thumbnail';

type Choice = VideoDetailsInput['thumbnail'];

function clock(seconds: number) {
  const s = Math.floor(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export function ThumbnailPicker({ videoId, value, onChange, error }: { videoId: string; value: Choice; onChange: (value: Choice) => void; error?: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const candidates = useThumbnails(videoId);
  const upload = useUploadThumbnail(videoId);
  // The checks the server makes too, made before sending the file.
  const [refused, setRefused] = useState<ErrorCode | null>(null);
  const frames = candidates.data?.frames ?? [];
  const uploadUrl = candidates.data?.uploadUrl ?? null;

  const onFile = (file: File | null) => {
    if (!file) return;
    upload.reset();
    setRefused(null);
    if (!(THUMBNAIL_TYPES as readonly string[]).includes(file.type)) return setRefused('THUMBNAIL_TYPE');
    if (file.size > THUMBNAIL_MAX_BYTES) return setRefused('THUMBNAIL_TOO_LARGE');
    upload.mutate(file, { onSuccess: () => onChange({ kind: 'upload' }) });
  };

  return (
    <Input.Wrapper label={t('videoDetails.fields.thumbnail')} description={t('videoDetails.thumbnail.hint')} error={error}>
      {candidates.isError ? (
        <Text size="sm" c="red.8">
          {errorText(candidates.error)}
        </Text>
      ) : frames.length === 0 ? (
        <Group gap="xs" my="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">{t('videoDetails.thumbnail.preparing')}</Text>
        </Group>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" my="xs" role="group" aria-label={t('videoDetails.thumbnail.framesLabel')}>
          {frames.map((frame) => {
            const selected = value?.kind === 'frame' && value.index === frame.index;
            return (
              <UnstyledButton
                key={frame.index}
                aria-pressed={selected}
                aria-label={t('videoDetails.thumbnail.frameAt', { time: clock(frame.time) })}
                onClick={() => onChange({ kind: 'frame', index: frame.index })}
                style={{
                  borderRadius: 8,
                  outline: selected ? '3px solid var(--mantine-color-blue-8)' : '1px solid var(--mantine-color-gray-4)',
                  overflow: 'hidden',
                }}
              >
                <Image src={frame.url} alt="" h={90} fit="cover" />
              </UnstyledButton>
            );
          })}
        </SimpleGrid>
      )}
      <Group gap="sm" mt="xs">
        <FileButton onChange={onFile} accept={THUMBNAIL_TYPES.join(',')}>
          {(props) => (
            <Button variant="light" size="xs" loading={upload.isPending} {...props}>
              {t('videoDetails.thumbnail.upload')}
            </Button>
          )}
        </FileButton>
        {value?.kind === 'upload' && uploadUrl && <Image src={uploadUrl} alt={t('videoDetails.thumbnail.uploadedAlt')} h={60} w="auto" radius="sm" />}
        {value?.kind === 'upload' && <Text size="sm">{t('videoDetails.thumbnail.uploadedChosen')}</Text>}
      </Group>
      {refused && (
        <Alert color="red" variant="light" role="alert" mt="xs">
          {codeText(t, refused)}
        </Alert>
      )}
      <ErrorAlert error={upload.error} mt="xs" />
    </Input.Wrapper>
  );
}
