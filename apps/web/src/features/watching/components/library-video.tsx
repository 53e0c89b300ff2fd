// A video in one of my lists: its picture, title and owner linking to the video page (at a time
// when given), or only "Unavailable" when I may no longer watch it (never its title or picture).
import { Anchor, Image, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LibraryVideo } from '@ipsv/contracts/watching';
import { clock } from '../watch-math';
import classes from './library-video.module.css';

export function videoLink(id: string, time?: number) {
  return `/video/${id}${time !== undefined ? `?t=${Math.floor(time)}` : ''}`;
}

export interface LibraryVideoRowProps {
  video: LibraryVideo;
  time?: number;
  children?: ReactNode;
  actions?: ReactNode;
  /** For a sortable row (the playlist's drag and drop). */
  rootRef?: (element: HTMLElement | null) => void;
  style?: CSSProperties;
}

export function LibraryVideoRow({ video, time, children, actions, rootRef, style }: LibraryVideoRowProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" radius="md" component="li" data-testid="library-item" ref={rootRef} style={style}>
      <div className={classes.row}>
        {video.available ? (
          <Image src={video.thumbnailUrl} alt="" className={classes.picture} radius="sm" fit="cover" fallbackSrc="data:image/gif;base64,R0lGODlhAQABAAAAACw=" />
        ) : (
          <ThemeIcon className={classes.picture} variant="light" color="gray" radius="sm">
            <IconEyeOff size={28} />
          </ThemeIcon>
        )}
        <Stack gap={4} className={classes.text}>
          {video.available ? (
            <>
              <Anchor component={Link} to={videoLink(video.id, time)} fw={600}>
                {video.title}
              </Anchor>
              <Text size="sm" c="dimmed">
                {video.ownerName}
                {video.surgeryYear ? ` · ${video.surgeryYear}` : ''} · {clock(video.durationSeconds)}
              </Text>
            </>
          ) : (
            <>
              <Text fw={600}>{t('watching.unavailable.title')}</Text>
              <Text size="sm" c="dimmed">
                {t('watching.unavailable.hint')}
              </Text>
            </>
          )}
          {children}
        </Stack>
        {actions && <div className={classes.actions}>{actions}</div>}
      </div>
    </Paper>
  );
}
