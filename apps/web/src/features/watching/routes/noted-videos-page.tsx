// /noted-videos: videos with my notes, each with its notes (a click opens the video at the note's
// time), paged; full-text search over my notes.
import { Anchor, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../../components/page';
import { useNotedVideos } from '../api/library';
import { LibraryVideoRow, videoLink } from '../components/library-video';
import { PagedList } from '../components/paged-list';
import { clock } from '../watch-math';

export function NotedVideosPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const list = useNotedVideos(page, q);
  return (
    <Page title={t('pages.notedVideos.title')}>
      <TextInput
        leftSection={<IconSearch size={16} />}
        label={t('watching.noted.search')}
        placeholder={t('watching.noted.searchPlaceholder')}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        type="search"
      />
      <PagedList
        query={list}
        page={page}
        onPage={setPage}
        empty={
          q
            ? { title: t('watching.noted.noMatch'), hint: t('watching.noted.noMatchHint') }
            : { title: t('watching.noted.empty'), hint: t('pages.notedVideos.empty') }
        }
      >
        {list.data?.items.map(({ video, notes }) => (
          <LibraryVideoRow key={video.id} video={video}>
            <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {notes.map((note) => (
                <Text component="li" size="sm" key={note.id} data-testid="noted-note">
                  {video.available ? (
                    <Anchor component={Link} to={videoLink(video.id, note.time)} ff="monospace" mr="xs">
                      {clock(note.time)}
                    </Anchor>
                  ) : (
                    <Text span ff="monospace" mr="xs">
                      {clock(note.time)}
                    </Text>
                  )}
                  {note.text}
                </Text>
              ))}
            </Stack>
          </LibraryVideoRow>
        ))}
      </PagedList>
    </Page>
  );
}
