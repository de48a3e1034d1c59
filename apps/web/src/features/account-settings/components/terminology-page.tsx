import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp } from '@tabler/icons-react';
import { Link, useParams } from '@tanstack/react-router';
import {
  type BrandingSettings,
  TERM_GROUPS,
  TERM_MAX_LENGTH,
  TERMINOLOGY_DEFAULTS,
  type TermGroup,
  type TermKey,
  updateBrandingBody,
} from '@platform/domain';
import { validateWith } from '../../../app/form-validation';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import { usePageTitle } from '../../../ui/page-title';
import { useBrandingSettings, useSaveBranding } from '../api/account-settings';

/** Form values: the group's labels as typed, under `navigation` so the server's `navigation.<key>` errors land on them. */
interface TermValues extends Record<string, unknown> {
  navigation: Partial<Record<TermKey, string>>;
}

/** The labels the customer has set, as stored (unreadable JSON counts as none). */
function savedLabels(settings: BrandingSettings): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(settings.navigation);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/**
 * The whole wording as it will be stored: the other pages' labels untouched, this page's as typed.
 * A label left empty or equal to its default is dropped, so it follows the default from then on.
 */
function navigationText(values: TermValues, group: TermGroup, saved: Record<string, string>): string {
  const next: Record<string, string> = { ...saved };
  for (const key of group.keys) {
    const label = (values.navigation[key] ?? '').trim();
    if (label && label !== TERMINOLOGY_DEFAULTS[key]) next[key] = label;
    else delete next[key];
  }
  return JSON.stringify(next);
}

/** Each field is named by its default wording; the product name says what it is. */
const keyName = (key: TermKey): string => (key === 'pageTitle' ? 'Page title' : TERMINOLOGY_DEFAULTS[key]);

function TermForm({ group, settings }: { group: TermGroup; settings: BrandingSettings }) {
  const save = useSaveBranding();
  const saved = savedLabels(settings);
  const form = useForm<TermValues>({
    initialValues: { navigation: Object.fromEntries(group.keys.map((key) => [key, saved[key] ?? TERMINOLOGY_DEFAULTS[key]])) },
    validate: validateWith(updateBrandingBody, (values: TermValues) => ({ navigation: navigationText(values, group, saved) })),
  });
  const { submit, submitting, formError } = useSubmit<TermValues>(async (values) => {
    await save.mutateAsync({ navigation: navigationText(values, group, saved) });
    form.resetDirty();
    notifications.show({ color: 'teal', message: `${group.title} labels saved. Everyone signed in sees them now.` });
  }, form);

  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
      <Stack gap="md">
        <FormError message={formError} />
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            {group.keys.map((key) => {
              const fallback = TERMINOLOGY_DEFAULTS[key];
              const value = form.values.navigation[key] ?? '';
              return (
                <Group key={key} align="flex-end" wrap="nowrap" gap="xs">
                  <TextInput
                    style={{ flex: 1 }}
                    label={keyName(key)}
                    description={`Default: ${fallback}`}
                    placeholder={fallback}
                    maxLength={TERM_MAX_LENGTH + 20}
                    {...form.getInputProps(`navigation.${key}`)}
                  />
                  <Tooltip label="Reset to default">
                    <ActionIcon
                      variant="default"
                      size={36}
                      aria-label={`Reset ${keyName(key)} to its default, ${fallback}`}
                      disabled={value === fallback}
                      onClick={() => form.setFieldValue(`navigation.${key}`, fallback)}
                    >
                      <IconArrowBackUp size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              );
            })}
          </Stack>
        </Paper>
        <Group justify="flex-end">
          <Button type="submit" loading={submitting}>
            Save {group.title.toLowerCase()} labels
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * /admin/settings/terminology and its pages (spec §2.2): each page edits one group of labels, with
 * its default beside it and a reset per label. Saved in the branding's `navigation`, which every
 * signed-in page reloads at once on the `settings.updated` event.
 */
export function TerminologyPage() {
  // The Terminology link itself opens the first page, Navigation.
  const { group: slug } = useParams({ strict: false });
  const group = TERM_GROUPS.find((g) => g.slug === slug) ?? TERM_GROUPS[0];
  usePageTitle(`Terminology: ${group.title}`);
  const branding = useBrandingSettings();
  return (
    <Stack gap="lg" maw={820}>
      <Title order={1} fz={26}>
        Terminology
      </Title>
      <Group component="nav" aria-label="Terminology pages" gap="xs">
        {TERM_GROUPS.map((g) => (
          <Button
            key={g.slug}
            component={Link}
            to={`/admin/settings/terminology/${g.slug}`}
            size="compact-md"
            variant={g.slug === group.slug ? 'filled' : 'default'}
            aria-current={g.slug === group.slug ? 'page' : undefined}
          >
            {g.title}
          </Button>
        ))}
      </Group>
      <Text c="dimmed">{group.description}</Text>
      {branding.data ? <TermForm key={`${group.slug}:${branding.data.updated_at}`} group={group} settings={branding.data} /> : null}
    </Stack>
  );
}
