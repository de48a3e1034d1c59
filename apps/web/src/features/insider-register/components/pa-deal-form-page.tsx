import { Button, Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from '@tanstack/react-router';
import { createPaDealBody, CURRENCIES } from '@platform/domain';
import { validateWith } from '../../../app/form-validation';
import { useSubmit } from '../../../app/use-submit';
import { BackLink } from '../../../ui/back-link';
import { FormError } from '../../../ui/form-error';
import { usePageTitle } from '../../../ui/page-title';
import { useRequestPaDeal, type PaDealBody } from '../api/insider-register';

type Values = Record<keyof PaDealBody, string>;

const send = (v: Values) => Object.fromEntries(Object.entries(v).filter(([, value]) => value.trim() !== '')) as PaDealBody;

/** /admin/insider-register/pa-deals/create: ask compliance for pre-clearance before dealing for your own account. */
export function PaDealFormPage() {
  usePageTitle('New PA deal');
  const navigate = useNavigate();
  const form = useForm<Values>({
    initialValues: { company_name: '', direction: 'buy', quantity: '', expected_price: '', currency: 'GBP', reason: '' },
    validate: validateWith(createPaDealBody, send),
  });
  const request = useRequestPaDeal();
  const { submit, submitting, formError } = useSubmit(async (v: Values) => {
    await request.mutateAsync(send(v));
    await navigate({ to: '/admin/insider-register/pa-deals' });
  }, form);

  return (
    <Stack gap="lg" maw={760}>
      <BackLink to="/admin/insider-register/pa-deals">PA Deals</BackLink>
      <Title order={1} fz={26}>
        New PA deal
      </Title>
      <Text size="sm" c="dimmed">
        Ask for pre-clearance before you buy or sell for your own account. A request in a company you are an insider of, or one on the
        restricted list, is refused at once.
      </Text>
      <Paper withBorder radius="md" p="lg">
        <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
          <Stack>
            <TextInput label="Company" required {...form.getInputProps('company_name')} />
            <div>
              <Text size="sm" fw={500} mb={4} id="pa-direction-label">
                Buy or sell
              </Text>
              <SegmentedControl
                aria-labelledby="pa-direction-label"
                data={[
                  { value: 'buy', label: 'Buy' },
                  { value: 'sell', label: 'Sell' },
                ]}
                {...form.getInputProps('direction')}
              />
            </div>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput label="Quantity" required inputMode="decimal" {...form.getInputProps('quantity')} />
              <TextInput label="Expected price" required inputMode="decimal" {...form.getInputProps('expected_price')} />
              <Select label="Currency" data={[...CURRENCIES]} allowDeselect={false} {...form.getInputProps('currency')} />
            </SimpleGrid>
            <Textarea label="Reason" required autosize minRows={3} {...form.getInputProps('reason')} />
            <FormError message={formError} />
            <Group justify="flex-end">
              <Button type="submit" loading={submitting}>
                Ask for pre-clearance
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
