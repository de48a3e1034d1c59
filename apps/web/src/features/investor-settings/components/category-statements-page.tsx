import { Alert, Button, Divider, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { INVESTOR_CATEGORIES, type InvestorSettings, isExemptionCategory, updateCategoryStatementsBody } from '@platform/domain';
import { validateWith } from '../../../app/form-validation';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import { useSaveInvestorSettings } from '../api/investor-settings';
import { InvestorSettingsLayout, SettingsForm } from './investor-settings-layout';

type Statements = { statements: Record<string, { label: string; summary: string; statement: string; exemption_statement?: string }> };

function initialStatements(settings: InvestorSettings): Statements {
  return {
    statements: Object.fromEntries(
      INVESTOR_CATEGORIES.map((category) => {
        const { exemption_statement: exemption, ...own } = settings.category_statements[category];
        return [category, exemption === null ? own : { ...own, exemption_statement: exemption }];
      }),
    ),
  };
}

function CategoryStatementsForm({ settings }: { settings: InvestorSettings }) {
  const form = useForm<Statements>({
    initialValues: initialStatements(settings),
    validate: validateWith(updateCategoryStatementsBody, (values: Statements) => values),
  });
  const save = useSaveInvestorSettings('categories');
  const { submit, submitting, formError } = useSubmit(async (values: Statements) => {
    await save.mutateAsync(values);
    notifications.show({ color: 'teal', message: 'Categorisation statements saved. Investors see them from now on.' });
  }, form);
  const exemptionsOn = settings.financial_promotion_exceptions_enabled;
  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
      <Stack gap="lg">
        <Alert variant="light" color="blue">
          Financial promotion exemptions are <strong>{exemptionsOn ? 'on' : 'off'}</strong> (Settings › Features).{' '}
          {exemptionsOn
            ? 'High net worth and sophisticated investors declare the exemption statement below.'
            : 'Investors declare the category statement; the exemption statements apply once the feature is on.'}{' '}
          Each declaration keeps the exact statement the investor accepted.
        </Alert>
        {INVESTOR_CATEGORIES.map((category) => {
          const field = (name: string) => form.getInputProps(`statements.${category}.${name}`);
          return (
            <SettingsForm key={category}>
              <Stack gap="sm">
                <Title order={2} fz="lg">
                  {settings.category_statements[category].label}
                </Title>
                <TextInput label="Category name" required {...field('label')} />
                <Textarea label="Summary on the choice card" autosize minRows={2} required {...field('summary')} />
                <Textarea label="Declaration statement" autosize minRows={4} required {...field('statement')} />
                {isExemptionCategory(category) && (
                  <>
                    <Divider />
                    <Textarea
                      label="Financial promotion exemption statement"
                      description="Declared instead of the statement above while financial promotion exemptions are on."
                      autosize
                      minRows={3}
                      required
                      {...field('exemption_statement')}
                    />
                  </>
                )}
              </Stack>
            </SettingsForm>
          );
        })}
        <FormError message={formError} />
        <Group justify="flex-end">
          <Button type="submit" loading={submitting}>
            Save statements
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /admin/settings/investor: the categorisation statements investors choose from and declare. */
export function CategoryStatementsPage() {
  return (
    <InvestorSettingsLayout
      title="Investor Category"
      intro="The categories investors declare before they see financial promotions (COBS 4.12A), in your words."
    >
      {(settings) => (
        <>
          <Text size="sm" c="dimmed">
            Restricted, high net worth and sophisticated investors may be shown high-risk investments; professional clients are categorised
            by your firm.
          </Text>
          <CategoryStatementsForm key={settings.updated_at} settings={settings} />
        </>
      )}
    </InvestorSettingsLayout>
  );
}
