// /analytics/sendfeedback: feedback to the platform team (category, message, optional page address),
// and the feedback I sent with the team's answers.
import { Alert, Badge, Button, Card, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_CATEGORIES, FEEDBACK_MAX, feedbackInputSchema, type FeedbackCategory } from '@ipsv/contracts/feedback';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { Page } from '../../../components/page';
import { issueText } from '../../../lib/use-error-text';
import { useMyFeedback, useSendFeedback } from '../api/feedback';
import { LabelledPagination } from '../../../components/labelled-pagination';

export function SendFeedbackPage() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const mine = useMyFeedback(page);
  const send = useSendFeedback();
  const form = useForm({
    mode: 'controlled',
    initialValues: { category: 'idea' as FeedbackCategory, message: '', page: '' },
    validate: (values) => {
      const result = feedbackInputSchema.safeParse(values);
      if (result.success) return {};
      return Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issueText(t, issue)]));
    },
  });
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const categories = FEEDBACK_CATEGORIES.map((c) => ({ value: c, label: t(`feedback.categories.${c}`) }));
  return (
    <Page title={t('pages.sendFeedback.title')}>
      <Card withBorder radius="md" padding="lg" maw={720}>
        <form noValidate onSubmit={form.onSubmit((values) => send.mutate(values, { onSuccess: () => form.reset() }))}>
          <Stack gap="sm">
            <Text>{t('feedback.intro')}</Text>
            <Select label={t('feedback.category')} data={categories} allowDeselect={false} {...form.getInputProps('category')} />
            <Textarea label={t('feedback.message')} required autosize minRows={4} maxLength={FEEDBACK_MAX} {...form.getInputProps('message')} />
            <TextInput label={t('feedback.page')} description={t('feedback.pageHint')} {...form.getInputProps('page')} />
            <ErrorAlert error={send.error} />
            {send.isSuccess && (
              <Alert color="teal" variant="light" role="status">
                {t('feedback.sent')}
              </Alert>
            )}
            <Button type="submit" w="fit-content" loading={send.isPending}>
              {t('feedback.send')}
            </Button>
          </Stack>
        </form>
      </Card>
      <Title order={2} size="h4">
        {t('feedback.mine')}
      </Title>
      <ErrorAlert error={mine.error} />
      {mine.data && mine.data.items.length === 0 && <EmptyState title={t('feedback.noneTitle')} hint={t('pages.sendFeedback.empty')} />}
      {mine.data && mine.data.items.length > 0 && (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('feedback.mine')}>
          {mine.data.items.map((item) => (
            <Card key={item.id} component="li" withBorder radius="md" padding="md">
              <Stack gap={6}>
                <Text size="sm" c="dimmed">
                  <Badge variant="outline" color="blue.9" c="blue.9" mr="xs">
                    {t(`feedback.categories.${item.category}`)}
                  </Badge>
                  {format.format(new Date(item.createdAt))}
                  {item.page ? ` · ${item.page}` : ''}
                </Text>
                <Text style={{ whiteSpace: 'pre-wrap' }}>{item.message}</Text>
                {item.answer ? (
                  <Alert color="teal" variant="light" title={t('feedback.answer')}>
                    <Text style={{ whiteSpace: 'pre-wrap' }}>{item.answer}</Text>
                  </Alert>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('feedback.waiting')}
                  </Text>
                )}
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
      {mine.data && mine.data.total > mine.data.pageSize && (
        <Stack align="center">
          <LabelledPagination total={Math.ceil(mine.data.total / mine.data.pageSize)} value={page} onChange={setPage} />
        </Stack>
      )}
    </Page>
  );
}
