import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  ColorInput,
  FileInput,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type BrandingSettings,
  DEFAULT_COLORS,
  DEFAULT_FONT,
  lowContrastColors,
  resolveTerminology,
  timeZones,
  updateBrandingBody,
  WCAG_AA_TEXT,
} from '@platform/domain';
import { validateWith } from '../../../app/form-validation';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import { usePageTitle } from '../../../ui/page-title';
import { SectionCard } from '../../../ui/section-card';
import { useBrandingSettings, useSaveBranding } from '../api/account-settings';

type ColorName = keyof typeof DEFAULT_COLORS;
const COLOR_NAMES = Object.keys(DEFAULT_COLORS) as ColorName[];
const COLOR_LABELS: Record<ColorName, string> = {
  primary: 'Primary',
  secondary: 'Secondary',
  success: 'Success',
  warning: 'Warning',
  danger: 'Danger',
  info: 'Information',
};
const IMAGES = [
  ['logo', 'Logo', 'On light backgrounds: the investor portal and sign-in pages.'],
  ['logoLight', 'Light logo', 'On the coloured admin menu bar.'],
  ['favicon', 'Favicon', 'The small icon in the browser tab.'],
] as const;
type ImageName = (typeof IMAGES)[number][0];
const ZONES = [...timeZones()];

interface BrandingValues extends Record<string, unknown> {
  colors: Record<ColorName, string>;
  pageTitle: string;
  support_email: string;
  time_zone: string;
  logo: File | null;
  logoLight: File | null;
  favicon: File | null;
  font: string;
  fontFile: File | null;
  removeFontFile: boolean;
}

function initialValues(settings: BrandingSettings): BrandingValues {
  let saved: Record<string, string> = {};
  try {
    saved = JSON.parse(settings.colors);
  } catch {
    // Unreadable colours: the defaults show, and saving writes valid ones.
  }
  return {
    colors: { ...DEFAULT_COLORS, ...saved },
    pageTitle: resolveTerminology(settings.navigation).pageTitle,
    support_email: settings.support_email,
    time_zone: settings.time_zone,
    logo: null,
    logoLight: null,
    favicon: null,
    font: settings.font || DEFAULT_FONT,
    fontFile: null,
    removeFontFile: false,
  };
}

/** The form as the branding route takes it: text fields and the chosen images in one multipart POST. */
function brandingForm(values: BrandingValues, settings: BrandingSettings): FormData {
  const data = new FormData();
  data.set('colors', JSON.stringify(values.colors));
  let navigation: Record<string, unknown> = {};
  try {
    navigation = JSON.parse(settings.navigation);
  } catch {
    // Unreadable wording is replaced by the page title alone.
  }
  data.set('navigation', JSON.stringify({ ...navigation, pageTitle: values.pageTitle.trim() }));
  data.set('support_email', values.support_email);
  data.set('time_zone', values.time_zone);
  for (const [name] of IMAGES) {
    const file = values[name];
    if (file) data.set(name, file);
  }
  data.set('font', values.font.trim());
  if (values.fontFile) data.set('fontFile', values.fontFile);
  else if (values.removeFontFile) data.set('remove_font_file', '1');
  return data;
}

/** An image chosen but not saved yet shows from the file; otherwise the saved one. */
function useImagePreview(file: File | null, saved: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url ?? saved;
}

/** Both shells in miniature, in the colours being chosen. */
function ShellPreview({ values, logo, logoLight }: { values: BrandingValues; logo: string | null; logoLight: string | null }) {
  const { primary, secondary } = values.colors;
  const title = values.pageTitle || 'Investor Platform';
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} aria-label="Preview">
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <Group bg={primary} p="sm" gap="sm">
          {logoLight ? (
            <img src={logoLight} alt="" style={{ height: 24 }} />
          ) : (
            <Text c="white" fw={700}>
              {title}
            </Text>
          )}
        </Group>
        <Stack p="sm" gap="xs">
          <Text size="xs" fw={600}>
            Admin
          </Text>
          <Group gap="xs">
            <Box bg={primary} c="white" px="sm" py={4} style={{ borderRadius: 6, fontSize: 13 }}>
              Save
            </Box>
            <Text size="sm" c={primary} fw={600}>
              A link
            </Text>
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <Group p="sm" gap="sm" style={{ borderBottom: `3px solid ${secondary}` }}>
          {logo ? (
            <img src={logo} alt="" style={{ height: 24 }} />
          ) : (
            <Text c={primary} fw={700}>
              {title}
            </Text>
          )}
        </Group>
        <Stack p="sm" gap="xs">
          <Text size="xs" fw={600}>
            Investor portal
          </Text>
          <Group gap="xs">
            <Box bg={primary} c="white" px="sm" py={4} style={{ borderRadius: 6, fontSize: 13 }}>
              Invest
            </Box>
            <Box bg={secondary} w={12} h={12} style={{ borderRadius: 6 }} />
          </Group>
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}

function BrandingForm({ settings }: { settings: BrandingSettings }) {
  const save = useSaveBranding();
  const [saved, setSaved] = useState(false);
  const form = useForm<BrandingValues>({
    initialValues: initialValues(settings),
    validate: validateWith(updateBrandingBody, (values: BrandingValues) => brandingForm(values, settings)),
  });
  const { submit, submitting, formError } = useSubmit(async (values: BrandingValues) => {
    setSaved(false);
    await save.mutateAsync(brandingForm(values, settings));
    form.setValues({ logo: null, logoLight: null, favicon: null, fontFile: null, removeFontFile: false });
    setSaved(true);
  }, form);
  const logo = useImagePreview(form.values.logo, settings.logoUrl);
  const logoLight = useImagePreview(form.values.logoLight, settings.logoLightUrl);
  const lowContrast = lowContrastColors(form.values.colors);
  const savedImages: Record<ImageName, string | null> = {
    logo: settings.logoUrl,
    logoLight: settings.logoLightUrl,
    favicon: settings.favicon,
  };
  return (
    <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
      <Stack gap="lg">
        <SectionCard title="Colours">
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {COLOR_NAMES.map((name) => (
                <ColorInput
                  key={name}
                  label={COLOR_LABELS[name]}
                  format="hex"
                  withEyeDropper={false}
                  {...form.getInputProps(`colors.${name}`)}
                />
              ))}
            </SimpleGrid>
            {lowContrast.length > 0 && (
              <Alert color="yellow">
                <Text size="sm" fw={700}>
                  Low contrast
                </Text>
                {lowContrast.map(({ name, ratio }) => (
                  <Text key={name} size="sm">
                    White text on {COLOR_LABELS[name as ColorName] ?? name} has a contrast of {ratio.toFixed(1)}:1, below the {WCAG_AA_TEXT}
                    :1 that WCAG AA asks for. Choose a darker colour so everyone can read it.
                  </Text>
                ))}
              </Alert>
            )}
            <ShellPreview values={form.values} logo={logo} logoLight={logoLight} />
          </Stack>
        </SectionCard>
        <SectionCard title="Images">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {IMAGES.map(([name, label, description]) => (
              <Stack key={name} gap="xs">
                <FileInput
                  label={label}
                  description={description}
                  accept="image/png,image/jpeg,image/svg+xml,image/x-icon,image/webp"
                  clearable
                  {...form.getInputProps(name)}
                />
                {savedImages[name] && (
                  <img
                    src={savedImages[name] ?? undefined}
                    alt={`Current ${label.toLowerCase()}`}
                    style={{ maxHeight: 40, maxWidth: 200, objectFit: 'contain' }}
                  />
                )}
              </Stack>
            ))}
          </SimpleGrid>
        </SectionCard>
        <SectionCard title="Font">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Font family"
              description={`${DEFAULT_FONT} is bundled with the product; another name is a font on readers' devices or the family of the uploaded file.`}
              {...form.getInputProps('font')}
            />
            <Stack gap="xs">
              <FileInput
                label="Font file"
                description="WOFF2, WOFF, TrueType or OpenType, up to 2 MB. Served by the app itself."
                accept=".woff2,.woff,.ttf,.otf,font/woff2,font/woff,font/ttf,font/otf"
                clearable
                {...form.getInputProps('fontFile')}
              />
              {settings.font_file && !form.values.fontFile && (
                <Checkbox
                  label={`Stop using the uploaded ${settings.font ?? 'font'} file`}
                  {...form.getInputProps('removeFontFile', { type: 'checkbox' })}
                  onChange={(event) => {
                    form.setFieldValue('removeFontFile', event.currentTarget.checked);
                    if (event.currentTarget.checked) form.setFieldValue('font', DEFAULT_FONT);
                  }}
                />
              )}
            </Stack>
          </SimpleGrid>
        </SectionCard>
        <SectionCard title="Details">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Page title"
              description="Shown in the browser tab and where there is no logo."
              {...form.getInputProps('pageTitle')}
            />
            <TextInput
              label="Support address"
              type="email"
              description="Where investors and staff write for help."
              {...form.getInputProps('support_email')}
            />
            <Select
              label="Time zone"
              description="The firm's clock: the staff digest goes out at 07:00 here."
              data={ZONES}
              searchable
              allowDeselect={false}
              {...form.getInputProps('time_zone')}
            />
          </SimpleGrid>
        </SectionCard>
        <FormError
          message={formError ?? (form.errors.navigation as string | undefined) ?? (form.errors.colors as string | undefined) ?? null}
        />
        {saved && (
          <Alert color="green" role="status">
            The branding has been saved.
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={submitting}>
            Save branding
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /admin/settings/account (Branding): the theme's colours, logos, favicon, page title and support address. */
export function BrandingPage() {
  usePageTitle('Branding');
  const branding = useBrandingSettings();
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1} fz={26}>
        Branding
      </Title>
      {branding.data && <BrandingForm settings={branding.data} />}
    </Stack>
  );
}
