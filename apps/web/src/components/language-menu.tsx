// The header's language choice: a compact button (the globe, and the language's name from the `lg`
// breakpoint up) opening the twelve languages. Pages without a header have the footer's select
// instead, so a page has one language control.
import { Box, Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, resolveLanguage } from '@ipsv/contracts/languages';

export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const current = resolveLanguage(i18n.resolvedLanguage) ?? DEFAULT_LANGUAGE;
  const currentName = LANGUAGES.find((language) => language.code === current)?.nativeName ?? current;
  return (
    <Menu position="bottom-end" width={200} withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          px={8}
          aria-label={`${t('header.language')}: ${currentName}`}
          leftSection={<IconLanguage size={18} />}
          styles={{ section: { marginInlineEnd: 0 } }}
          data-testid="language-menu"
        >
          <Box component="span" visibleFrom="lg" ml={6}>
            {currentName}
          </Box>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((language) => (
          <Menu.Item
            key={language.code}
            lang={language.code}
            aria-current={language.code === current ? 'true' : undefined}
            rightSection={language.code === current ? <IconCheck size={16} /> : null}
            onClick={() => void i18n.changeLanguage(language.code)}
          >
            {language.nativeName}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
