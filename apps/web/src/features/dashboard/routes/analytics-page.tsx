// /analytics/analytics: views of all my videos or one over a chosen period: totals, a views-per-day
// chart, the per-second retention curve and the most-watched segments of one video, the figures of
// each video, and a CSV export. Viewers are counted, never listed.
import '@mantine/charts/styles.css';
import { AreaChart, LineChart } from '@mantine/charts';
import { Button, Card, Group, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMyVideos } from '../../../api/get-my-videos';
import { ErrorAlert } from '../../../components/error-alert';
import { Page } from '../../../components/page';
import { useAnalytics } from '../api/analytics';
import { analyticsCsv } from '../analytics-csv';

const DAY = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const PRESETS = [7, 30, 90, 365] as const;

const duration = (seconds: number) => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.round(seconds % 60);
  return h ? `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}` : `${m}:${String(s).padStart(2, '0')}`;
};

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {value}
      </Text>
    </Card>
  );
}

export function AnalyticsPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const videoId = params.get('video') ?? undefined;
  // Today, fixed when the page opens (the presets count back from it).
  const [today] = useState(() => Date.now());
  const [to, setTo] = useState(() => isoDay(today));
  const [from, setFrom] = useState(() => isoDay(today - 29 * DAY));
  const videos = useMyVideos();
  const analytics = useAnalytics({ videoId, from, to });
  const data = analytics.data;
  const number = (n: number) => n.toLocaleString(i18n.language);
  const labels = {
    day: t('dashboard.analytics.day'),
    views: t('dashboard.analytics.views'),
    uniqueViewers: t('dashboard.analytics.uniqueViewers'),
    watchSeconds: t('dashboard.analytics.watchSeconds'),
    downloads: t('dashboard.analytics.downloads'),
    video: t('dashboard.analytics.video'),
    segment: t('dashboard.analytics.segment'),
    plays: t('dashboard.analytics.plays'),
  };
  const exportCsv = () => {
    if (!data) return;
    const url = URL.createObjectURL(new Blob([analyticsCsv(data, labels)], { type: 'text/csv;charset=utf-8' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: `analytics-${videoId ?? 'all'}-${from}-${to}.csv` });
    link.click();
    URL.revokeObjectURL(url);
  };
  const published = (videos.data?.videos ?? []).filter((v) => v.publishedVersion > 0);

  return (
    <Page title={t('pages.providerAnalytics.title')}>
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t('dashboard.analytics.video')}
          data={[
            { value: '', label: t('dashboard.analytics.allVideos') },
            ...published.map((v) => ({ value: v.id, label: v.details.title || v.details.fileName })),
          ]}
          value={videoId ?? ''}
          onChange={(value) => setParams(value ? { video: value } : {})}
          allowDeselect={false}
          w={280}
        />
        <Select
          label={t('dashboard.analytics.period')}
          data={PRESETS.map((days) => ({ value: String(days), label: t('dashboard.analytics.lastDays', { count: days }) }))}
          placeholder={t('dashboard.analytics.custom')}
          value={PRESETS.map(String).find((days) => to === isoDay(today) && from === isoDay(today - (Number(days) - 1) * DAY)) ?? null}
          onChange={(value) => {
            if (!value) return;
            setTo(isoDay(today));
            setFrom(isoDay(today - (Number(value) - 1) * DAY));
          }}
          w={200}
        />
        <TextInput
          type="date"
          label={t('dashboard.analytics.from')}
          value={from}
          max={to}
          onChange={(e) => e.currentTarget.value && setFrom(e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t('dashboard.analytics.to')}
          value={to}
          min={from}
          onChange={(e) => e.currentTarget.value && setTo(e.currentTarget.value)}
        />
        <Button variant="default" onClick={exportCsv} disabled={!data}>
          {t('dashboard.analytics.exportCsv')}
        </Button>
      </Group>
      <ErrorAlert error={analytics.error ?? videos.error} />
      {analytics.isPending && <Text role="status">{t('common.loading')}</Text>}
      {data && (
        <>
          <SimpleGrid cols={{ base: 2, md: 3, xl: 6 }} aria-label={t('dashboard.analytics.totals')} role="group">
            <Figure label={labels.views} value={number(data.totals.views)} />
            <Figure label={labels.uniqueViewers} value={number(data.totals.uniqueViewers)} />
            <Figure label={t('dashboard.analytics.totalWatch')} value={duration(data.totals.watchSeconds)} />
            <Figure label={t('dashboard.analytics.averageWatch')} value={duration(data.totals.averageWatchSeconds)} />
            <Figure label={labels.downloads} value={number(data.totals.downloads)} />
            <Figure label={t('dashboard.analytics.accessRequests')} value={number(data.totals.accessRequests)} />
          </SimpleGrid>
          <Stack gap="xs">
            <Title order={2} size="h4">
              {t('dashboard.analytics.viewsPerDay')}
            </Title>
            <AreaChart
              h={260}
              data={data.perDay}
              dataKey="day"
              series={[{ name: 'views', label: labels.views, color: 'teal.6' }]}
              curveType="linear"
              withDots={data.perDay.length <= 31}
              role="img"
              aria-label={t('dashboard.analytics.viewsPerDay')}
            />
          </Stack>
          {videoId && (
            <Stack gap="xs">
              <Title order={2} size="h4">
                {t('dashboard.analytics.retention')}
              </Title>
              <Text size="sm">{t('dashboard.analytics.retentionHint')}</Text>
              {data.retention.length === 0 ? (
                <Text c="dimmed">{t('dashboard.analytics.noViews')}</Text>
              ) : (
                <LineChart
                  h={220}
                  data={data.retention}
                  dataKey="second"
                  series={[{ name: 'views', label: t('dashboard.analytics.plays'), color: 'indigo.6' }]}
                  withDots={false}
                  curveType="stepAfter"
                  role="img"
                  aria-label={t('dashboard.analytics.retention')}
                />
              )}
              <Title order={2} size="h4">
                {t('dashboard.analytics.mostWatched')}
              </Title>
              {data.segments.length === 0 ? (
                <Text c="dimmed">{t('dashboard.analytics.noSegments')}</Text>
              ) : (
                <Table.ScrollContainer minWidth={360}>
                  <Table striped aria-label={t('dashboard.analytics.mostWatched')}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{labels.segment}</Table.Th>
                        <Table.Th>{t('dashboard.analytics.span')}</Table.Th>
                        <Table.Th>{labels.plays}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.segments.map((s) => (
                        <Table.Tr key={`${s.start}-${s.title}`}>
                          <Table.Td>{s.title}</Table.Td>
                          <Table.Td>{`${duration(s.start)} – ${duration(s.end)}`}</Table.Td>
                          <Table.Td>{number(s.plays)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Stack>
          )}
          {!videoId && data.videos.length > 0 && (
            <Stack gap="xs">
              <Title order={2} size="h4">
                {t('dashboard.analytics.perVideo')}
              </Title>
              {/* On a phone the table scrolls inside its own box instead of widening the page. */}
              <Table.ScrollContainer minWidth={480}>
                <Table striped aria-label={t('dashboard.analytics.perVideo')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{labels.video}</Table.Th>
                      <Table.Th>{labels.views}</Table.Th>
                      <Table.Th>{t('dashboard.analytics.totalWatch')}</Table.Th>
                      <Table.Th>{labels.downloads}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {[...data.videos]
                      .sort((a, b) => b.views - a.views)
                      .map((v) => (
                        <Table.Tr key={v.id}>
                          <Table.Td>{v.title}</Table.Td>
                          <Table.Td>{number(v.views)}</Table.Td>
                          <Table.Td>{duration(v.watchSeconds)}</Table.Td>
                          <Table.Td>{number(v.downloads)}</Table.Td>
                        </Table.Tr>
                      ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Stack>
          )}
        </>
      )}
    </Page>
  );
}
