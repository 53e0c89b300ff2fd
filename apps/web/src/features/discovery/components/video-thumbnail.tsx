// A video's picture at 16:9 with its duration, or a neutral placeholder; a spinner while its access is checked.
import { AspectRatio, Badge, Box, Center, Image, Loader } from '@mantine/core';
import { IconMovie } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { clockDuration } from '../relative-time';

export function VideoThumbnail({ url, durationSeconds, checking }: { url: string | null; durationSeconds?: number | null; checking?: boolean }) {
  const { t } = useTranslation();
  return (
    <AspectRatio ratio={16 / 9} pos="relative" style={{ borderRadius: 8, overflow: 'hidden', background: 'var(--mantine-color-gray-2)' }}>
      {url ? (
        <Image src={url} alt="" loading="lazy" fit="cover" />
      ) : (
        <Center>
          <IconMovie size={36} stroke={1.4} color="var(--mantine-color-gray-6)" aria-hidden />
        </Center>
      )}
      {durationSeconds ? (
        // AspectRatio stretches and centres its direct children, which squeezed the badge to '0…';
        // the badge sits in a layer of its own, at its natural width.
        <Box pos="absolute" inset={0} style={{ pointerEvents: 'none' }}>
          <Badge pos="absolute" bottom={6} right={6} color="dark" variant="filled" size="sm" radius="sm" data-testid="video-duration">
            {clockDuration(durationSeconds)}
          </Badge>
        </Box>
      ) : null}
      {checking && (
        <Box pos="absolute" inset={0} style={{ background: 'rgba(255,255,255,0.6)' }}>
          <Center h="100%">
            <Loader size="md" aria-label={t('discovery.checkingAccess')} />
          </Center>
        </Box>
      )}
    </AspectRatio>
  );
}
