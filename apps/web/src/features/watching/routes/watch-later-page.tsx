// /watch-later: videos I saved, newest first, paged; play or remove each.
import { Button, Group } from '@mantine/core';
import { IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { Page } from '../../../components/page';
import { useRemoveWatchLater, useWatchLaterList } from '../api/library';
import { LibraryVideoRow, videoLink } from '../components/library-video';
import { PagedList } from '../components/paged-list';

export function WatchLaterPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useWatchLaterList(page);
  const remove = useRemoveWatchLater();
  return (
    <Page title={t('pages.watchLater.title')}>
      <ErrorAlert error={remove.error} />
      <PagedList query={list} page={page} onPage={setPage} empty={{ title: t('watching.watchLaterEmpty'), hint: t('pages.watchLater.empty') }}>
        {list.data?.items.map(({ video }) => (
          <LibraryVideoRow
            key={video.id}
            video={video}
            actions={
              <Group gap="xs" wrap="nowrap">
                {video.available && (
                  <Button component={Link} to={videoLink(video.id)} size="xs" variant="light" leftSection={<IconPlayerPlay size={14} />}>
                    {t('watching.play')}
                  </Button>
                )}
                <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={() => remove.mutate(video.id)}>
                  {t('watching.remove')}
                </Button>
              </Group>
            }
          />
        ))}
      </PagedList>
    </Page>
  );
}
