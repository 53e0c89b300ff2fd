// Mantine's Pagination with a name for each control and page: its arrows are icons alone, so screen
// readers announced unnamed buttons (axe-core's button-name, found on /admin/users by the page sweep).
import { Pagination, type PaginationProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function LabelledPagination(props: PaginationProps) {
  const { t } = useTranslation();
  return (
    <Pagination
      getControlProps={(control) => ({ 'aria-label': t(`discovery.pager.${control}`) })}
      getItemProps={(page) => ({ 'aria-label': t('discovery.pager.page', { page }) })}
      {...props}
    />
  );
}
