// /admin/users: an administrator searches users, changes roles, decides provider requests,
// disables and enables accounts (after a confirmation: the person is signed out everywhere at
// once) and creates accounts (a temporary password is emailed; the user sets their own at first
// sign-in).
import { Alert, Badge, Button, Card, Checkbox, Group, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emailSchema } from '@ipsv/contracts/auth';
import { ROLES, type AdminUser, type Role } from '@ipsv/contracts/users';
import { useSessionUser } from '../../../api/get-session';
import { EmptyState } from '../../../components/empty-state';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorAlert } from '../../../components/error-alert';
import { Page } from '../../../components/page';
import { ruleText, schemaText, useErrorText } from '../../../lib/use-error-text';
import { useCreateUser } from '../api/create-user';
import { useDecideProviderRequest } from '../api/decide-provider-request';
import { ADMIN_USERS_PAGE_SIZE, useAdminUsers } from '../api/get-users';
import { useSetDisabled } from '../api/set-disabled';
import { useSetRole } from '../api/set-role';
import { LabelledPagination } from '../../../components/labelled-pagination';

function CreateUserForm() {
  const { t, i18n } = useTranslation();
  const create = useCreateUser();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', firstName: '', lastName: '', role: 'provider' as Role },
    validateInputOnBlur: true,
    validate: {
      email: (value) => schemaText(t, emailSchema, value),
      firstName: (value) => (value.trim() ? null : ruleText(t, 'required')),
      lastName: (value) => (value.trim() ? null : ruleText(t, 'required')),
    },
  });
  return (
    <Card withBorder radius="md" padding="lg">
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          create.mutate({ ...values, email: emailSchema.parse(values.email), language: i18n.language }, { onSuccess: () => form.reset() }),
        )}
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('admin.createTitle')}
          </Title>
          <Text size="sm">{t('admin.createHint')}</Text>
          <ErrorAlert error={create.error} />
          {create.data && (
            <Alert color="teal" variant="light" role="status">
              {t('admin.created', { email: create.data.email })}
            </Alert>
          )}
          {/* Four in a row squeezed the role to 'Pro' on a phone: one column there, two on a tablet. */}
          <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
            <TextInput label={t('auth.fields.email')} type="email" required {...form.getInputProps('email')} />
            <TextInput label={t('auth.fields.givenName')} required {...form.getInputProps('firstName')} />
            <TextInput label={t('auth.fields.familyName')} required {...form.getInputProps('lastName')} />
            <Select
              label={t('admin.role')}
              data={ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
              allowDeselect={false}
              {...form.getInputProps('role')}
            />
          </SimpleGrid>
          <Button type="submit" w="fit-content" loading={create.isPending}>
            {t('admin.create')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

export function AdminUsersPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [pendingOnly, setPendingOnly] = useState(false);
  const [page, setPage] = useState(1);
  const me = useSessionUser();
  const isAdmin = me?.role === 'admin';
  const users = useAdminUsers({ search: debounced, pendingOnly, page }, isAdmin);
  const setRole = useSetRole();
  const decide = useDecideProviderRequest();
  const setDisabled = useSetDisabled();
  const [toDisable, setToDisable] = useState<AdminUser | null>(null);
  const changeRole = (userId: string, role: Role) => {
    decide.reset();
    setDisabled.reset();
    setRole.mutate({ userId, role });
  };
  const decideRequest = (userId: string, approve: boolean) => {
    setRole.reset();
    setDisabled.reset();
    decide.mutate({ userId, approve });
  };
  const enable = (userId: string) => {
    setRole.reset();
    decide.reset();
    setDisabled.mutate({ userId, disabled: false });
  };

  if (!isAdmin) {
    return (
      <Page title={t('pages.adminUsers.title')}>
        <EmptyState title={t('admin.onlyAdmins')} />
      </Page>
    );
  }
  return (
    <Page title={t('pages.adminUsers.title')}>
      <CreateUserForm />
      <Group align="flex-end">
        <TextInput
          label={t('admin.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={320}
        />
        <Checkbox
          label={t('admin.pendingOnly')}
          checked={pendingOnly}
          onChange={(e) => {
            setPendingOnly(e.currentTarget.checked);
            setPage(1);
          }}
        />
      </Group>
      <ErrorAlert error={setRole.error ?? decide.error ?? (toDisable ? null : setDisabled.error)} />
      <ConfirmDialog
        opened={toDisable !== null}
        title={t('admin.disableTitle')}
        message={t('admin.disableMessage', { email: toDisable?.email ?? '' })}
        confirmLabel={t('admin.disableConfirm')}
        pending={setDisabled.isPending}
        error={setDisabled.error}
        onCancel={() => {
          setToDisable(null);
          setDisabled.reset();
        }}
        onConfirm={() => toDisable && setDisabled.mutate({ userId: toDisable.id, disabled: true }, { onSuccess: () => setToDisable(null) })}
      />
      {users.isError && <Text c="red.8">{errorText(users.error)}</Text>}
      {users.data && users.data.users.length === 0 && <EmptyState title={t('admin.noUsers')} />}
      {users.data && users.data.users.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.name')}</Table.Th>
                <Table.Th>{t('auth.fields.email')}</Table.Th>
                <Table.Th>{t('admin.role')}</Table.Th>
                <Table.Th>{t('admin.request')}</Table.Th>
                <Table.Th>{t('admin.account')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.data.users.map((user) => (
                <Table.Tr key={user.id}>
                  <Table.Td>{`${user.firstName} ${user.lastName}`}</Table.Td>
                  <Table.Td>
                    <Group gap={6}>
                      <Text size="sm">{user.email}</Text>
                      {!user.emailVerified && (
                        <Badge size="xs" variant="outline" color="gray">
                          {t('admin.unverified')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={t('admin.roleOf', { email: user.email })}
                      size="xs"
                      w={140}
                      data={ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
                      value={user.role}
                      allowDeselect={false}
                      onChange={(role) => role && role !== user.role && changeRole(user.id, role as Role)}
                    />
                  </Table.Td>
                  <Table.Td>
                    {user.providerRequest === 'pending' ? (
                      <Group gap="xs">
                        <Button size="xs" onClick={() => decideRequest(user.id, true)}>
                          {t('admin.approve')}
                        </Button>
                        <Button size="xs" variant="default" onClick={() => decideRequest(user.id, false)}>
                          {t('admin.reject')}
                        </Button>
                      </Group>
                    ) : user.providerRequest === 'rejected' ? (
                      <Text size="sm">{t('admin.rejected')}</Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Badge size="sm" variant="light" color={user.disabled ? 'red' : 'teal'}>
                        {user.disabled ? t('admin.disabled') : t('admin.active')}
                      </Badge>
                      {user.disabled ? (
                        <Button
                          size="xs"
                          variant="default"
                          aria-label={t('admin.enableOf', { email: user.email })}
                          loading={setDisabled.isPending && setDisabled.variables.userId === user.id}
                          onClick={() => enable(user.id)}
                        >
                          {t('admin.enable')}
                        </Button>
                      ) : (
                        user.id !== me?.id && (
                          <Button
                            size="xs"
                            variant="default"
                            color="red"
                            aria-label={t('admin.disableOf', { email: user.email })}
                            onClick={() => {
                              setDisabled.reset();
                              setToDisable(user);
                            }}
                          >
                            {t('admin.disable')}
                          </Button>
                        )
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {users.data && users.data.total > ADMIN_USERS_PAGE_SIZE && (
        <Stack align="center">
          <LabelledPagination total={Math.ceil(users.data.total / ADMIN_USERS_PAGE_SIZE)} value={page} onChange={setPage} />
        </Stack>
      )}
    </Page>
  );
}
