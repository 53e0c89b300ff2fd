// /admin/feedback: administrators read the feedback users sent and answer it (the sender is told).
import { Alert, Badge, Button, Card, Group, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Feedback } from '@ipsv/contracts/feedback';
import { useSessionUser } from '../../../api/get-session';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { Page } from '../../../components/page';
import { useAllFeedback, useAnswerFeedback } from '../api/feedback';
import { LabelledPagination } from '../../../components/labelled-pagination';

function AnswerForm({ item }: { item: Feedback }) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState('');
  const save = useAnswerFeedback();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ id: item.id, answer });
      }}
    >
      <Stack gap="xs">
        <Textarea label={t('feedback.yourAnswer')} value={answer} onChange={(e) => setAnswer(e.currentTarget.value)} autosize minRows={2} required />
        <ErrorAlert error={save.error} />
        <Button type="submit" size="xs" w="fit-content" loading={save.isPending} disabled={!answer.trim()}>
          {t('feedback.sendAnswer')}
        </Button>
      </Stack>
    </form>
  );
}

export function AdminFeedbackPage() {
  const { t, i18n } = useTranslation();
  const isAdmin = useSessionUser()?.role === 'admin';
  const [filter, setFilter] = useState<'open' | 'answered' | 'all'>('open');
  const [page, setPage] = useState(1);
  const list = useAllFeedback(filter === 'all' ? undefined : filter === 'open', page, isAdmin);
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  if (!isAdmin) {
    return (
      <Page title={t('pages.adminFeedback.title')}>
        <EmptyState title={t('admin.onlyAdmins')} />
      </Page>
    );
  }
  return (
    <Page title={t('pages.adminFeedback.title')}>
      <SegmentedControl
        aria-label={t('feedback.filter')}
        w="fit-content"
        value={filter}
        onChange={(value) => {
          setFilter(value as typeof filter);
          setPage(1);
        }}
        data={[
          { value: 'open', label: t('feedback.open') },
          { value: 'answered', label: t('feedback.answered') },
          { value: 'all', label: t('feedback.all') },
        ]}
      />
      <ErrorAlert error={list.error} />
      {list.data && list.data.items.length === 0 && <EmptyState title={t('feedback.noneTitle')} hint={t('pages.adminFeedback.empty')} />}
      {list.data && list.data.items.length > 0 && (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('pages.adminFeedback.title')}>
          {list.data.items.map((item) => (
            <Card key={item.id} component="li" withBorder radius="md" padding="md">
              <Stack gap={6}>
                <Group gap="xs">
                  <Badge variant="outline" color="blue.9" c="blue.9">
                    {t(`feedback.categories.${item.category}`)}
                  </Badge>
                  <Text size="sm" fw={600}>
                    {item.sender ? `${item.sender.name} <${item.sender.email}>` : ''}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {format.format(new Date(item.createdAt))}
                    {item.page ? ` · ${item.page}` : ''}
                  </Text>
                </Group>
                <Text style={{ whiteSpace: 'pre-wrap' }}>{item.message}</Text>
                {item.answer ? (
                  <Alert color="teal" variant="light" title={t('feedback.answer')}>
                    <Text style={{ whiteSpace: 'pre-wrap' }}>{item.answer}</Text>
                  </Alert>
                ) : (
                  <AnswerForm item={item} />
                )}
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
      {list.data && list.data.total > list.data.pageSize && (
        <Stack align="center">
          <LabelledPagination total={Math.ceil(list.data.total / list.data.pageSize)} value={page} onChange={setPage} />
        </Stack>
      )}
    </Page>
  );
}
