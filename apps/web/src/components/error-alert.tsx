// A failed call in words (through useErrorText), as an alert; nothing when there is no error.
// With `onRetry` (a page's data that failed to load), a button asks for it again: a network
// blip should not need a reload of the whole page, and the page keeps what it already shows.
import { Alert, Button, Stack, Text, type AlertProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useErrorText, type ErrorContext } from '../lib/use-error-text';

export interface ErrorAlertProps extends Omit<AlertProps, 'children' | 'color' | 'role'> {
  error: unknown;
  context?: ErrorContext;
  /** Asks again for what failed. */
  onRetry?: () => unknown;
  /** The words instead of the error's own (the spec's wording for a page, say). */
  text?: string;
}

export function ErrorAlert({ error, context, onRetry, text, ...props }: ErrorAlertProps) {
  const { t } = useTranslation();
  const errorText = useErrorText(context);
  if (error === null || error === undefined) return null;
  const words = text ?? errorText(error);
  return (
    <Alert color="red" variant="light" role="alert" {...props}>
      {onRetry ? (
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{words}</Text>
          <Button size="xs" variant="default" onClick={() => onRetry()}>
            {t('common.retry')}
          </Button>
        </Stack>
      ) : (
        words
      )}
    </Alert>
  );
}
