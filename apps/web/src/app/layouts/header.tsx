// Header of the signed-in layouts: the burger (small screens), brand, surgery menus, upload,
// language, the notification bell and the account slot. It fits a 390 px wide phone: below the
// `sm` breakpoint the surgery menu moves into the burger's panel, the Upload button goes (the
// navigation has it) and Sign out shows its icon only; below `lg` Upload, the language and Sign out
// show their icons only and the search box narrows, so no label is ever cut on a laptop.
import { Box, Burger, Button, Group } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageMenu } from '../../components/language-menu';
import { useSessionUser } from '../../api/get-session';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { HeaderSearch } from '../../features/discovery/components/header-search';
import { SurgeryMenu } from '../../features/surgery-types/components/surgery-menu';
import { AuthSlot } from './auth-slot';
import { Brand } from './brand';
import classes from './header.module.css';

export function Header({ navbar, withSurgeryMenu }: { navbar: { opened: boolean; toggle: () => void }; withSurgeryMenu: boolean }) {
  const { t } = useTranslation();
  const signedIn = useSessionUser() !== null;
  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs" className={classes.header} data-testid="app-header">
      <Group gap="xs" wrap="nowrap" miw={0}>
        <Burger
          opened={navbar.opened}
          onClick={navbar.toggle}
          hiddenFrom="sm"
          size="sm"
          aria-label={navbar.opened ? t('header.closeNavigation') : t('header.openNavigation')}
        />
        <Brand inHeader />
        {withSurgeryMenu && <SurgeryMenu />}
      </Group>
      <Group gap="xs" wrap="nowrap" miw={0}>
        {withSurgeryMenu && (
          <Box visibleFrom="md" className={classes.search}>
            <HeaderSearch />
          </Box>
        )}
        <Button
          component={Link}
          to="/upload"
          variant="subtle"
          px={{ sm: 8, lg: 'md' }}
          aria-label={t('header.upload')}
          leftSection={<IconUpload size={16} />}
          styles={{ section: { marginInlineEnd: 0 } }}
          visibleFrom="sm"
        >
          <Box component="span" visibleFrom="lg" ml={8}>
            {t('header.upload')}
          </Box>
        </Button>
        <LanguageMenu />
        {signedIn && <NotificationBell />}
        <AuthSlot />
      </Group>
    </Group>
  );
}
