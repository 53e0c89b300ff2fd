// /analytics/versioncontrol: every rendered version of each of my videos (a privacy re-review
// renders a new one): when, who confirmed, the ranges removed and the regions masked, renditions,
// size, which one is published. Roll back to an earlier version (asked first, with the reason,
// which the list shows afterwards), delete an old one after a confirmation, and compare the removed
// ranges of two versions on one timeline.
import { Anchor, Badge, Button, Card, Group, Modal, Select, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROLLBACK_REASON_MAX, rollbackInputSchema, type VideoVersion, type VideoVersions } from '@ipsv/contracts/versions';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { Page } from '../../../components/page';
import { useDeleteVersion, useRollBack, useVersions } from '../api/versions';

const seconds = (value: number) => {
  const whole = Math.round(value);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

function formatBytes(bytes: number | null, language: string): string {
  if (bytes === null) return '—';
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(language, { style: 'unit', unit: units[unit], unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}

/** What a version removed: its ranges' seconds and its masks ("Nothing removed" only when it has neither). */
function Removed({ version }: { version: VideoVersion }) {
  const { t } = useTranslation();
  const nothing = version.ranges.length === 0 && version.masks.length === 0;
  return (
    <>
      {nothing && t('dashboard.versions.nothingRemoved')}
      {version.ranges.length > 0 && <div>{t('dashboard.versions.removedSeconds', { seconds: Math.round(version.removedSeconds) })}</div>}
      {version.ranges.length > 0 && (
        <Text size="xs" c="dimmed">
          {version.ranges.map((r) => `${seconds(r.start)}–${seconds(r.end)}`).join(', ')}
        </Text>
      )}
      {version.masks.length > 0 && <div>{t('dashboard.versions.maskedRegions', { count: version.masks.length })}</div>}
      {version.masks.length > 0 && (
        <Text size="xs" c="dimmed">
          {version.masks.map((m) => `${t(`piiEditor.masks.reasons.${m.reason}`)} ${seconds(m.start)}–${seconds(m.end)}`).join(', ')}
        </Text>
      )}
    </>
  );
}

/** Asks before an earlier version is published again, and why (the reason is required and kept). */
function RollbackDialog({ video, version, onClose }: { video: VideoVersions; version: VideoVersion | null; onClose: () => void }) {
  const { t } = useTranslation();
  const rollBack = useRollBack();
  const [reason, setReason] = useState('');
  const parsed = rollbackInputSchema.safeParse({ reason });
  const close = () => {
    rollBack.reset();
    setReason('');
    onClose();
  };
  return (
    <Modal
      opened={version !== null}
      onClose={close}
      title={version ? t('dashboard.versions.rollBackTitle', { version: version.version }) : ''}
      centered
      size="md"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {version && (
        <Stack>
          <Text>{t('dashboard.versions.rollBackMessage', { version: version.version, title: video.title, published: video.publishedVersion })}</Text>
          <Text size="sm" component="div">
            {t('dashboard.versions.rollBackRemoves')} <Removed version={version} />
          </Text>
          <Textarea
            label={t('dashboard.versions.rollBackReason')}
            description={t('dashboard.versions.rollBackReasonHint')}
            required
            autosize
            minRows={2}
            maxLength={ROLLBACK_REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <ErrorAlert error={rollBack.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-autofocus>
              {t('common.cancel')}
            </Button>
            <Button
              disabled={!parsed.success}
              loading={rollBack.isPending}
              onClick={() => parsed.success && rollBack.mutate({ videoId: video.videoId, version: version.version, ...parsed.data }, { onSuccess: close })}
            >
              {t('dashboard.versions.rollBackAction', { version: version.version })}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** The removed ranges of two versions on one timeline of the original (with the ranges in words for screen readers). */
function Comparison({ video }: { video: VideoVersions }) {
  const { t } = useTranslation();
  const options = video.versions.map((v) => ({ value: String(v.version), label: t('dashboard.version', { version: v.version }) }));
  const [left, setLeft] = useState(options[1]?.value ?? options[0]?.value ?? '');
  const [right, setRight] = useState(options[0]?.value ?? '');
  const total = video.originalSeconds ?? Math.max(1, ...video.versions.flatMap((v) => v.ranges.map((r) => r.end)));
  const pick = (value: string) => video.versions.find((v) => String(v.version) === value);
  const rows = [pick(left), pick(right)].filter((v): v is VideoVersion => v !== undefined);
  return (
    <Stack gap="xs" data-testid="version-comparison">
      <Group gap="sm" align="flex-end">
        <Select
          size="xs"
          w={160}
          label={t('dashboard.versions.compareFirst')}
          data={options}
          value={left}
          onChange={(v) => v && setLeft(v)}
          allowDeselect={false}
        />
        <Select
          size="xs"
          w={160}
          label={t('dashboard.versions.compareSecond')}
          data={options}
          value={right}
          onChange={(v) => v && setRight(v)}
          allowDeselect={false}
        />
      </Group>
      {rows.map((version) => (
        <Group key={version.version} gap="sm" wrap="nowrap" align="center">
          <Text size="sm" w={90} fw={600}>
            {t('dashboard.version', { version: version.version })}
          </Text>
          <div
            role="img"
            aria-label={t('dashboard.versions.timelineLabel', {
              version: version.version,
              ranges: version.ranges.length
                ? version.ranges.map((r) => `${seconds(r.start)}–${seconds(r.end)}`).join(', ')
                : t('dashboard.versions.nothingRemoved'),
            })}
            style={{ position: 'relative', flex: 1, height: 18, borderRadius: 4, background: 'var(--mantine-color-teal-2)' }}
          >
            {version.ranges.map((r) => (
              <div
                key={`${r.start}-${r.end}`}
                style={{
                  position: 'absolute',
                  top: 0,
                  bottom: 0,
                  left: `${(r.start / total) * 100}%`,
                  width: `${Math.max(0.5, ((r.end - r.start) / total) * 100)}%`,
                  background: 'var(--mantine-color-red-8)',
                  borderRadius: 2,
                }}
              />
            ))}
          </div>
        </Group>
      ))}
      <Group gap="md">
        <Group gap={4}>
          <div aria-hidden style={{ width: 12, height: 12, background: 'var(--mantine-color-teal-2)' }} />
          <Text size="xs">{t('dashboard.versions.kept')}</Text>
        </Group>
        <Group gap={4}>
          <div aria-hidden style={{ width: 12, height: 12, background: 'var(--mantine-color-red-8)' }} />
          <Text size="xs">{t('dashboard.versions.removed')}</Text>
        </Group>
        <Text size="xs" c="dimmed">
          0:00 – {seconds(total)}
        </Text>
      </Group>
    </Stack>
  );
}

function VideoCard({ video, onDelete }: { video: VideoVersions; onDelete: (version: VideoVersion) => void }) {
  const { t, i18n } = useTranslation();
  const [rollingBack, setRollingBack] = useState<VideoVersion | null>(null);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={`versions-${video.videoId}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id={`versions-${video.videoId}`}>
            <Anchor component={Link} to={`/video/${encodeURIComponent(video.videoId)}`}>
              {video.title}
            </Anchor>
          </Title>
          {video.rendering && (
            <Badge color="orange.9" variant="outline">
              {t('dashboard.versions.rendering')}
            </Badge>
          )}
        </Group>
        <Table.ScrollContainer minWidth={860}>
          <Table verticalSpacing="xs" aria-label={t('dashboard.versions.tableLabel', { title: video.title })}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dashboard.versions.columns.version')}</Table.Th>
                <Table.Th>{t('dashboard.versions.columns.date')}</Table.Th>
                <Table.Th>{t('dashboard.versions.columns.confirmedBy')}</Table.Th>
                <Table.Th>{t('dashboard.versions.columns.removed')}</Table.Th>
                <Table.Th>{t('dashboard.versions.columns.renditions')}</Table.Th>
                <Table.Th>{t('dashboard.versions.columns.size')}</Table.Th>
                <Table.Th>{t('dashboard.content.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {video.versions.map((version) => (
                <Table.Tr key={version.version} data-testid={`version-row-${version.version}`}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      {t('dashboard.version', { version: version.version })}
                      {version.published && (
                        <Badge color="teal.9" c="teal.9" variant="outline">
                          {t('dashboard.versions.published')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {date.format(new Date(version.confirmedAt))}
                    {version.republished && (
                      <Text size="xs" c="dimmed">
                        {t('dashboard.versions.republished', { date: date.format(new Date(version.republished.at)), reason: version.republished.reason })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{version.automatic ? t('dashboard.versions.automatic') : (version.confirmedBy ?? '—')}</Table.Td>
                  <Table.Td>
                    <Removed version={version} />
                  </Table.Td>
                  <Table.Td>
                    {version.renditions.map((r) => r.name).join(', ')}
                    {!version.complete && (
                      <Text size="xs" c="dimmed">
                        {t('dashboard.versions.incomplete')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{formatBytes(version.sizeBytes, i18n.language)}</Table.Td>
                  <Table.Td>
                    {!version.published && (
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" disabled={video.rendering || !version.complete} onClick={() => setRollingBack(version)}>
                          {t('dashboard.versions.rollBack', { version: version.version })}
                        </Button>
                        <Button size="xs" variant="default" color="red" onClick={() => onDelete(version)}>
                          {t('dashboard.versions.delete', { version: version.version })}
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {video.versions.length > 1 && <Comparison video={video} />}
        <RollbackDialog video={video} version={rollingBack} onClose={() => setRollingBack(null)} />
      </Stack>
    </Card>
  );
}

export function VersionControlPage() {
  const { t } = useTranslation();
  const versions = useVersions();
  const remove = useDeleteVersion();
  const [deleting, setDeleting] = useState<{ video: VideoVersions; version: VideoVersion } | null>(null);
  const list = versions.data?.videos ?? [];
  return (
    <Page title={t('pages.versionControl.title')}>
      <Text c="dimmed">{t('dashboard.versions.intro')}</Text>
      <ErrorAlert error={versions.error} />
      {versions.isPending && <Text role="status">{t('common.loading')}</Text>}
      {versions.isSuccess && list.length === 0 && <EmptyState title={t('dashboard.versions.emptyTitle')} hint={t('pages.versionControl.empty')} />}
      {list.map((video) => (
        <VideoCard key={video.videoId} video={video} onDelete={(version) => setDeleting({ video, version })} />
      ))}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('dashboard.versions.deleteTitle')}
        message={deleting ? t('dashboard.versions.deleteConfirm', { version: deleting.version.version, title: deleting.video.title }) : ''}
        confirmLabel={t('dashboard.actions.delete')}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          deleting && remove.mutate({ videoId: deleting.video.videoId, version: deleting.version.version }, { onSuccess: () => setDeleting(null) })
        }
        onCancel={() => {
          remove.reset();
          setDeleting(null);
        }}
      />
    </Page>
  );
}
