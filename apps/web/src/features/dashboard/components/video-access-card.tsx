// One video's access: its visibility, its own list of emails and @domains, the named lists it uses
// and the people let in by answered requests (with their end, each revocable).
import { Badge, Button, Card, CloseButton, Group, MultiSelect, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccessList, VideoAccess } from '@ipsv/contracts/dashboard';
import { VISIBILITIES, type Visibility } from '@ipsv/contracts/videos';
import { ErrorAlert } from '../../../components/error-alert';
import { useRevokeGrant, useSetVideoAccess } from '../api/access';
import { formatEntries, parseEntries } from './entries-field';

export function VideoAccessCard({ video, lists }: { video: VideoAccess; lists: AccessList[] }) {
  const { t, i18n } = useTranslation();
  const [visibility, setVisibility] = useState<Visibility>(video.visibility);
  const [entries, setEntries] = useState(formatEntries(video.whitelist));
  const [listIds, setListIds] = useState(video.listIds);
  const save = useSetVideoAccess();
  const revoke = useRevokeGrant();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  // When the card opened: an ended grant shows greyed.
  const [openedAt] = useState(() => Date.now());
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={video.title}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ videoId: video.id, visibility, whitelist: parseEntries(entries), listIds });
        }}
      >
        <Stack gap="xs">
          <Title order={3} size="h5">
            {video.title}
          </Title>
          <Select
            label={t('videoDetails.fields.visibility')}
            data={VISIBILITIES.map((v) => ({ value: v, label: t(`videoDetails.visibilities.${v}`) }))}
            value={visibility}
            onChange={(value) => value && setVisibility(value as Visibility)}
            allowDeselect={false}
          />
          {visibility === 'whitelist' && (
            <>
              <Textarea
                label={t('videoDetails.fields.whitelist')}
                description={t('dashboard.entriesHint')}
                value={entries}
                onChange={(e) => setEntries(e.currentTarget.value)}
                autosize
                minRows={2}
              />
              <MultiSelect
                label={t('dashboard.lists.useLists')}
                data={lists.map((l) => ({ value: l.id, label: l.name }))}
                value={listIds}
                onChange={setListIds}
                placeholder={lists.length ? undefined : t('dashboard.lists.none')}
                disabled={lists.length === 0}
              />
            </>
          )}
          {video.grants.length > 0 && (
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                {t('dashboard.grants.title')}
              </Text>
              {video.grants.map((grant) => (
                <Group key={grant.email} gap="xs">
                  <Text size="sm">{grant.email}</Text>
                  <Badge
                    variant="light"
                    color={grant.until && Date.parse(grant.until) < openedAt ? 'gray.9' : 'teal.9'}
                    c={grant.until && Date.parse(grant.until) < openedAt ? 'gray.9' : 'teal.9'}
                  >
                    {grant.until ? t('dashboard.grants.until', { date: format.format(new Date(grant.until)) }) : t('dashboard.grants.noEnd')}
                  </Badge>
                  <CloseButton
                    size="sm"
                    aria-label={t('dashboard.grants.revoke', { email: grant.email })}
                    onClick={() => revoke.mutate({ videoId: video.id, email: grant.email })}
                  />
                </Group>
              ))}
            </Stack>
          )}
          <ErrorAlert error={save.error ?? revoke.error} />
          {save.isSuccess && !save.isPending && (
            <Text size="sm" c="teal.8" role="status">
              {t('dashboard.saved')}
            </Text>
          )}
          <Button type="submit" size="xs" w="fit-content" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
