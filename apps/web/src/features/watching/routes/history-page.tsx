// /history: videos I watched with the position reached (a progress bar), latest first, paged;
// remove one, clear all, and a switch that pauses history.
import { Button, Group, Progress, Switch, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorAlert } from '../../../components/error-alert';
import { Page } from '../../../components/page';
import { useClearHistory, useHistoryList, usePauseHistory, useRemoveHistory } from '../api/library';
import { LibraryVideoRow } from '../components/library-video';
import { PagedList } from '../components/paged-list';
import { clock } from '../watch-math';

export function HistoryPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useHistoryList(page);
  const remove = useRemoveHistory();
  const clear = useClearHistory();
  const pause = usePauseHistory();
  const [clearing, setClearing] = useState(false);
  const paused = pause.isPending ? pause.variables : (list.data?.paused ?? false);
  return (
    <Page title={t('pages.history.title')}>
      <Group justify="space-between">
        <Switch label={t('watching.history.pause')} checked={paused} onChange={(e) => pause.mutate(e.currentTarget.checked)} disabled={!list.data} />
        <Button variant="default" color="red" leftSection={<IconTrash size={16} />} onClick={() => setClearing(true)} disabled={!list.data?.total}>
          {t('watching.history.clear')}
        </Button>
      </Group>
      {paused && (
        <Text size="sm" c="dimmed">
          {t('watching.history.pausedHint')}
        </Text>
      )}
      <ErrorAlert error={remove.error ?? pause.error} />
      <ConfirmDialog
        opened={clearing}
        title={t('watching.history.clearTitle')}
        message={t('watching.history.clearConfirm')}
        confirmLabel={t('watching.history.clear')}
        pending={clear.isPending}
        error={clear.error}
        onConfirm={() => clear.mutate(undefined, { onSuccess: () => setClearing(false) })}
        onCancel={() => {
          clear.reset();
          setClearing(false);
        }}
      />
      <PagedList query={list} page={page} onPage={setPage} empty={{ title: t('watching.history.empty'), hint: t('pages.history.empty') }}>
        {list.data?.items.map(({ video, position }) => (
          <LibraryVideoRow
            key={video.id}
            video={video}
            time={position}
            actions={
              <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={() => remove.mutate(video.id)}>
                {t('watching.remove')}
              </Button>
            }
          >
            {video.available && (
              <>
                <Progress
                  value={Math.min(100, (position / Math.max(1, video.durationSeconds)) * 100)}
                  size="sm"
                  maw={240}
                  aria-label={t('watching.history.progress', { position: clock(position), duration: clock(video.durationSeconds) })}
                />
                <Text size="xs" c="dimmed">
                  {t('watching.history.reached', { position: clock(position), duration: clock(video.durationSeconds) })}
                </Text>
              </>
            )}
          </LibraryVideoRow>
        ))}
      </PagedList>
    </Page>
  );
}
