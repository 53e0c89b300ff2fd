// Picks one of the twelve interface languages; i18next remembers the choice in local storage.
import { Select } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, resolveLanguage } from '@ipsv/contracts/languages';

const OPTIONS = LANGUAGES.map((language) => ({ value: language.code, label: language.nativeName }));

export function LanguageSwitcher({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { t, i18n } = useTranslation();
  const current = resolveLanguage(i18n.resolvedLanguage) ?? DEFAULT_LANGUAGE;
  return (
    <Select
      aria-label={t('header.language')}
      data={OPTIONS}
      value={current}
      onChange={(value) => value && void i18n.changeLanguage(value)}
      allowDeselect={false}
      size={size}
      w={180}
      leftSection={<IconLanguage size={16} />}
      comboboxProps={{ withinPortal: true }}
      data-testid="language-switcher"
    />
  );
}
