// Named access lists ("Hospital team"): a name and emails or @domains; several videos use one list,
// so a change here applies to all of them at once.
import { Button, Card, Group, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccessList } from '@ipsv/contracts/dashboard';
import { ErrorAlert } from '../../../components/error-alert';
import { useDeleteList, useSaveList } from '../api/access';
import { formatEntries, parseEntries } from './entries-field';

function ListForm({ list, onSaved }: { list?: AccessList; onSaved?: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(list?.name ?? '');
  const [entries, setEntries] = useState(formatEntries(list?.entries ?? []));
  const save = useSaveList();
  const remove = useDeleteList();
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="form"
      aria-label={list ? list.name : t('dashboard.lists.new')}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ id: list?.id, name, entries: parseEntries(entries) }, { onSuccess: () => onSaved?.() });
      }}
    >
      <Stack gap="xs">
        <TextInput label={t('dashboard.lists.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} required />
        <Textarea
          label={t('dashboard.lists.entries')}
          description={t('dashboard.entriesHint')}
          value={entries}
          onChange={(e) => setEntries(e.currentTarget.value)}
          autosize
          minRows={2}
        />
        {list && (
          <Text size="sm" c="dimmed">
            {t('dashboard.lists.usedBy', { count: list.videoIds.length })}
          </Text>
        )}
        <ErrorAlert error={save.error ?? remove.error} />
        <Group gap="xs">
          <Button type="submit" size="xs" loading={save.isPending}>
            {list ? t('common.save') : t('dashboard.lists.create')}
          </Button>
          {list && (
            <Button size="xs" variant="default" color="red" loading={remove.isPending} onClick={() => remove.mutate(list.id)}>
              {t('dashboard.lists.delete')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

export function AccessLists({ lists }: { lists: AccessList[] }) {
  const { t } = useTranslation();
  const [formKey, setFormKey] = useState(0);
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('dashboard.lists.title')}
      </Title>
      <Text size="sm">{t('dashboard.lists.hint')}</Text>
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
        {lists.map((list) => (
          <ListForm key={`${list.id}:${list.name}:${list.entries.join()}`} list={list} />
        ))}
        <ListForm key={`new-${formKey}`} onSaved={() => setFormKey((k) => k + 1)} />
      </SimpleGrid>
    </Stack>
  );
}
