// The sidebar of the signed-in layouts: the sections of app/navigation.ts the user's role sees,
// the current page marked. On small screens it is the burger menu's panel, with the surgery menu
// (which the header has no room for there).
import { Box, NavLink, ScrollArea, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSessionUser } from '../../api/get-session';
import { SurgeryMenu } from '../../features/surgery-types/components/surgery-menu';
import { isCurrent, navigationFor } from '../navigation';

export function MainNavigation({ withSurgeryMenu }: { withSurgeryMenu: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const role = useSessionUser()?.role;
  return (
    <ScrollArea type="auto" style={{ flex: 1 }}>
      {withSurgeryMenu && (
        <Box pb="xs">
          <SurgeryMenu />
        </Box>
      )}
      {navigationFor(role).map((section) => {
        const headingId = `nav-${section.label.replace(/\W/g, '-')}`;
        return (
          <Box key={section.label} role="group" aria-labelledby={headingId} mb="sm">
            <Text id={headingId} size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" py={6}>
              {t(section.label)}
            </Text>
            {section.items.map((item) => {
              const current = isCurrent(item, pathname);
              return (
                <NavLink
                  key={item.to}
                  component={Link}
                  to={item.to}
                  label={t(item.label)}
                  leftSection={<item.icon size={18} stroke={1.6} />}
                  active={current}
                  aria-current={current ? 'page' : undefined}
                />
              );
            })}
          </Box>
        );
      })}
    </ScrollArea>
  );
}
