// Honest empty state for lists and for pages whose feature has not been built yet.
import { Center, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';

export function EmptyState({ title, hint }: { title: string; hint?: string }) {
  return (
    <Center py="xl" data-testid="empty-state">
      <Stack align="center" gap={6} maw={460}>
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          <IconInbox size={26} />
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
        {hint && (
          <Text c="dimmed" size="sm" ta="center">
            {hint}
          </Text>
        )}
      </Stack>
    </Center>
  );
}
