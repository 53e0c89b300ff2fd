// Header of the signed-in layouts: the burger (small screens), brand, surgery menus, upload,
// language and the account slot. Below the `sm` breakpoint the surgery menu is in the burger's
// panel instead.
import { Burger, Button, Group } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from '../../components/language-switcher';
import { SurgeryMenu } from '../../features/surgery-types/components/surgery-menu';
import { AuthSlot } from './auth-slot';
import { Brand } from './brand';

export function Header({ navbar, withSurgeryMenu }: { navbar: { opened: boolean; toggle: () => void }; withSurgeryMenu: boolean }) {
  const { t } = useTranslation();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={navbar.opened}
          onClick={navbar.toggle}
          hiddenFrom="sm"
          size="sm"
          aria-label={navbar.opened ? t('header.closeNavigation') : t('header.openNavigation')}
        />
        <Brand />
        {withSurgeryMenu && <SurgeryMenu />}
      </Group>
      <Group gap="sm" wrap="nowrap">
        <Button component={Link} to="/upload" variant="subtle" leftSection={<IconUpload size={16} />} visibleFrom="sm">
          {t('header.upload')}
        </Button>
        <LanguageSwitcher />
        <AuthSlot />
      </Group>
    </Group>
  );
}
