// Sign in / account slot of the header, driven by GET /api/session: the user's picture and name
// open a menu with their account pages; Sign out beside it (its icon only on small screens).
import { Box, Button, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconLogout, IconShieldLock, IconUser, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { UserAvatar } from '../../components/user-avatar';
import { useSessionUser } from '../../api/get-session';
import { useSignOut } from '../../api/sign-out';

export function AuthSlot() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const signOut = useSignOut();
  const navigate = useNavigate();

  if (!user) {
    return (
      <Button component={Link} to="/login" variant="light" size="sm">
        {t('header.signIn')}
      </Button>
    );
  }
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  return (
    <Group gap="xs" wrap="nowrap">
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label={t('header.accountMenu')}>
            <Group gap="xs" wrap="nowrap">
              <UserAvatar pictureUrl={user.pictureUrl} firstName={user.firstName} lastName={user.lastName} size="sm" alt="" />
              <Text size="sm" visibleFrom="xl" maw={160} truncate="end">
                {name}
              </Text>
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to="/analytics/pi" leftSection={<IconUser size={16} />}>
            {t('pages.personalInformation.title')}
          </Menu.Item>
          <Menu.Item component={Link} to="/analytics/security" leftSection={<IconShieldLock size={16} />}>
            {t('pages.security.title')}
          </Menu.Item>
          {user.role === 'admin' && (
            <Menu.Item component={Link} to="/admin/users" leftSection={<IconUsers size={16} />}>
              {t('pages.adminUsers.title')}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <Button
        variant="default"
        size="sm"
        px={{ base: 8, lg: 'md' }}
        aria-label={t('header.signOut')}
        leftSection={<IconLogout size={16} />}
        styles={{ section: { marginInlineEnd: 0 } }}
        loading={signOut.isPending}
        onClick={() => signOut.mutate(undefined, { onSuccess: () => navigate('/login') })}
      >
        <Box component="span" visibleFrom="lg" ml={8}>
          {t('header.signOut')}
        </Box>
      </Button>
    </Group>
  );
}
