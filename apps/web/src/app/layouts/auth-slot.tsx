// Sign in / sign out slot of the header, driven by GET /api/session.
import { Button, Group, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { sessionQuery } from '../../features/session/api/get-session';
import { signOut } from '../../features/session/api/sign-out';

export function AuthSlot() {
  const { t } = useTranslation();
  const { data } = useQuery(sessionQuery);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const user = data?.user ?? null;

  if (!user) {
    return (
      <Button component={Link} to="/login" variant="light" size="sm">
        {t('header.signIn')}
      </Button>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" visibleFrom="sm">
        {[user.firstName, user.lastName].filter(Boolean).join(' ') || user.email}
      </Text>
      <Button
        variant="default"
        size="sm"
        onClick={async () => {
          await signOut();
          await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
          await navigate('/login');
        }}
      >
        {t('header.signOut')}
      </Button>
    </Group>
  );
}
