import { Button, Group, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  type InvestorSettings,
  personalisedRiskWarning,
  RISK_WARNING_NAME_PLACEHOLDER,
  type TermsFormat,
  updateInvestorTermsBody,
  updateMarketSoundingBody,
  updateRiskWarningBody,
} from '@platform/domain';
import { validateWith } from '../../../app/form-validation';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import { RichTextEditor } from '../../../ui/rich-text-editor';
import { type InvestorSettingsPage, useSaveInvestorSettings } from '../api/investor-settings';
import { InvestorSettingsLayout, SettingsForm } from './investor-settings-layout';

/** A form of one settings page: validated with the route's body schema, saved, and confirmed. */
function useSettingsForm<Values extends Record<string, unknown>>(
  page: InvestorSettingsPage,
  initialValues: Values,
  schema: Parameters<typeof validateWith>[0],
  saved: (settings: InvestorSettings) => string,
) {
  const form = useForm<Values>({ initialValues, validate: validateWith(schema, (values: Values) => values) });
  const save = useSaveInvestorSettings(page);
  const { submit, submitting, formError } = useSubmit(async (values: Values) => {
    const settings = await save.mutateAsync(values);
    notifications.show({ color: 'teal', message: saved(settings) });
  }, form);
  const onSubmit = form.onSubmit((values) => void submit(values));
  return { form, submitting, formError, onSubmit };
}

function SaveButton({ submitting }: { submitting: boolean }) {
  return (
    <Group justify="flex-end">
      <Button type="submit" loading={submitting}>
        Save
      </Button>
    </Group>
  );
}

function TermsForm({ settings }: { settings: InvestorSettings }) {
  const { form, submitting, formError, onSubmit } = useSettingsForm(
    'terms',
    { terms_format: settings.terms_format, terms_text: settings.terms_text },
    updateInvestorTermsBody,
    (saved) => `Terms saved. Version ${saved.terms_version} is now in force.`,
  );
  const format = form.values.terms_format;
  return (
    <SettingsForm>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Text size="sm">
            Version <strong>{settings.terms_version}</strong> is in force. Saving a change raises the version: every investor must accept
            the new terms before they see investment opportunities again.
          </Text>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="terms-format-label">
              The terms are
            </Text>
            <SegmentedControl
              aria-labelledby="terms-format-label"
              w="fit-content"
              data={[
                { value: 'text', label: 'Text on this platform' },
                { value: 'url', label: 'A page of your own' },
              ]}
              {...form.getInputProps('terms_format')}
              onChange={(value) =>
                form.setValues({
                  terms_format: value as TermsFormat,
                  terms_text: value === settings.terms_format ? settings.terms_text : '',
                })
              }
            />
          </Stack>
          {format === 'url' ? (
            <TextInput label="Address of the terms" placeholder="https://" required {...form.getInputProps('terms_text')} />
          ) : (
            <RichTextEditor
              label="Terms and conditions"
              value={form.values.terms_text}
              onChange={(html) => form.setFieldValue('terms_text', html)}
              error={form.errors.terms_text}
            />
          )}
          <FormError message={formError} />
          <SaveButton submitting={submitting} />
        </Stack>
      </form>
    </SettingsForm>
  );
}

/** /admin/settings/investor/terms: the terms investors accept, as text or an address. */
export function TermsSettingsPage() {
  return (
    <InvestorSettingsLayout title="Terms" intro="The terms and conditions every investor accepts before using the platform.">
      {(settings) => <TermsForm key={settings.terms_version} settings={settings} />}
    </InvestorSettingsLayout>
  );
}

function RiskWarningForm({ settings }: { settings: InvestorSettings }) {
  const { form, submitting, formError, onSubmit } = useSettingsForm(
    'risk-warning',
    { risk_warning_template: settings.risk_warning_template, risk_warning_text: settings.risk_warning_text },
    updateRiskWarningBody,
    (saved) => `Risk warning saved (version ${saved.risk_warning_version}).`,
  );
  return (
    <SettingsForm>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Textarea
            label="Personalised risk warning"
            description={`Shown before a first investment (PS22/10). Put ${RISK_WARNING_NAME_PLACEHOLDER} where the investor's name goes.`}
            autosize
            minRows={2}
            required
            {...form.getInputProps('risk_warning_template')}
          />
          <Text size="sm" c="dimmed" aria-live="polite">
            Preview: {personalisedRiskWarning('Jane Smith', form.values.risk_warning_template)}
          </Text>
          <RichTextEditor
            label="Take 2 mins to learn more"
            description="The fuller warning investors open from the banner and read with the personalised warning."
            value={form.values.risk_warning_text}
            onChange={(html) => form.setFieldValue('risk_warning_text', html)}
            error={form.errors.risk_warning_text}
          />
          <Text size="xs" c="dimmed">
            Version {settings.risk_warning_version}. Each acknowledgement keeps the version and the words the investor read.
          </Text>
          <FormError message={formError} />
          <SaveButton submitting={submitting} />
        </Stack>
      </form>
    </SettingsForm>
  );
}

/** /admin/settings/investor/risk-warning: the personalised warning and its longer text. */
export function RiskWarningSettingsPage() {
  return (
    <InvestorSettingsLayout title="Risk Warning" intro="What investors read about the risks before their first investment.">
      {(settings) => <RiskWarningForm key={settings.risk_warning_version} settings={settings} />}
    </InvestorSettingsLayout>
  );
}

function MarketSoundingForm({ settings }: { settings: InvestorSettings }) {
  const { form, submitting, formError, onSubmit } = useSettingsForm(
    'market-sounding',
    { market_sounding_description: settings.market_sounding_description },
    updateMarketSoundingBody,
    () => 'Market sounding description saved.',
  );
  return (
    <SettingsForm>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <RichTextEditor
            label="Market sounding description"
            description="Shown in the pop-up before an investor accepts to be wall-crossed; the insider list keeps the words each accepted."
            value={form.values.market_sounding_description}
            onChange={(html) => form.setFieldValue('market_sounding_description', html)}
            error={form.errors.market_sounding_description}
          />
          <FormError message={formError} />
          <SaveButton submitting={submitting} />
        </Stack>
      </form>
    </SettingsForm>
  );
}

/** /admin/settings/investor/market-sounding: the market-sounding pop-up's description. */
export function MarketSoundingSettingsPage() {
  return (
    <InvestorSettingsLayout title="Market Sounding Popup" intro="What an investor reads before receiving inside information.">
      {(settings) => <MarketSoundingForm key={settings.updated_at} settings={settings} />}
    </InvestorSettingsLayout>
  );
}
