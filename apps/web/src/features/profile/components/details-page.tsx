import { useEffect } from 'react';
import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useCurrentUser } from '../../../app/session';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import { usePageTitle } from '../../../ui/page-title';
import { useMyDetails, useUpdateMyDetails, type MyDetails } from '../api/profile';
import { DateField } from '../../../ui/date-field';

const FIELDS = ['name', 'phone', 'address_line1', 'address_line2', 'city', 'postcode', 'country', 'date_of_birth', 'nationality'] as const;
type Values = Record<(typeof FIELDS)[number], string>;

const valuesOf = (details: MyDetails): Values => Object.fromEntries(FIELDS.map((field) => [field, details[field] ?? ''])) as Values;

/** /investor/profile/details: the investor's name, contact details and address, which they keep up to date. */
export function DetailsPage() {
  usePageTitle('Personal details');
  const user = useCurrentUser();
  const details = useMyDetails(user?.id);
  const update = useUpdateMyDetails(user?.id ?? 0);
  const form = useForm<Values>({ initialValues: Object.fromEntries(FIELDS.map((f) => [f, ''])) as Values });
  /** The saved record becomes what the form starts from: not dirty, and Undo returns to it. */
  const load = (record: MyDetails) => {
    const values = valuesOf(record);
    form.setInitialValues(values);
    form.setValues(values);
    form.resetDirty(values);
  };
  const { submit, submitting, formError } = useSubmit(async (values: Values) => {
    const saved = await update.mutateAsync(values);
    load(saved);
  }, form);

  // Load once per record (keyed by its id); later edits stay the person's own.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloading on every refetch would overwrite what the person is typing.
  useEffect(() => {
    if (details.data) load(details.data);
  }, [details.data?.id]);

  if (!details.data) return <Skeleton h={420} radius="md" />;
  return (
    <Paper withBorder radius="md" p="xl">
      <form onSubmit={form.onSubmit((values) => void submit(values))}>
        <Stack gap="md">
          <Title order={2} fz="lg">
            Personal details
          </Title>
          {update.isSuccess && !form.isDirty() && (
            <Alert color="teal" variant="light" role="status">
              Your details are saved.
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="Full name" required autoComplete="name" {...form.getInputProps('name')} />
            <TextInput
              label="E-mail"
              value={details.data.email}
              readOnly
              description="Contact us to change the address you sign in with."
            />
            <TextInput label="Phone" type="tel" autoComplete="tel" placeholder="+44 20 7946 0000" {...form.getInputProps('phone')} />
            <DateField label="Date of birth" autoComplete="bday" {...form.getInputProps('date_of_birth')} />
            <TextInput label="Nationality" {...form.getInputProps('nationality')} />
          </SimpleGrid>
          <Title order={3} fz="md" mt="sm">
            Address
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="Address line 1" autoComplete="address-line1" {...form.getInputProps('address_line1')} />
            <TextInput label="Address line 2" autoComplete="address-line2" {...form.getInputProps('address_line2')} />
            <TextInput label="Town or city" autoComplete="address-level2" {...form.getInputProps('city')} />
            <TextInput label="Postcode" autoComplete="postal-code" {...form.getInputProps('postcode')} />
            <TextInput label="Country" autoComplete="country-name" {...form.getInputProps('country')} />
          </SimpleGrid>
          <FormError message={formError} />
          <Group>
            <Button type="submit" loading={submitting} disabled={!form.isDirty()}>
              Save details
            </Button>
            <Button variant="default" onClick={() => form.reset()} disabled={!form.isDirty() || submitting}>
              Undo changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
