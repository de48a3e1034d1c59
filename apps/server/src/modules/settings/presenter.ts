import { type BrandingSettings, PUBLIC_FLAG_NAMES, type PublicFlagName, type PublicSettings, type TermsFormat } from '@platform/domain';
import { flagOn, type SettingsRow, supportAddress } from '../../shared/settings';

const fileUrl = (key: string | null) => (key ? `/api/files/${key}` : null);

/**
 * The settings everyone reads (spec §3 names): branding, wording, terms and every flag. Nothing
 * secret is stored in this row, and only these fields leave it.
 */
function presentSettings(row: SettingsRow, pusherKey: string) {
  return {
    id: row.id,
    colors: row.colors,
    navigation: row.navigation,
    terms_version: row.termsVersion,
    terms_format: row.termsFormat as TermsFormat,
    terms_text: row.termsText,
    isCustomBranding: row.isCustomBranding,
    isTrial: row.isTrial,
    logo: fileUrl(row.logo),
    logo_alt: row.logoAlt,
    logoLight: fileUrl(row.logoLight),
    favicon: fileUrl(row.favicon),
    font: row.font,
    font_file: fileUrl(row.fontFile),
    market_sounding_description: row.marketSoundingDescription,
    risk_warning_text: row.riskWarningText,
    appVersion: row.appVersion,
    support_email: supportAddress(row),
    time_zone: row.timeZone,
    compliance_tries: row.complianceTries,
    pusher_key: pusherKey,
    pusher_cluster: 'eu',
    ...(Object.fromEntries(PUBLIC_FLAG_NAMES.map((name) => [name, flagOn(row, name)])) as Record<PublicFlagName, boolean>),
  };
}

/** The public settings, and whether card payments are configured on the server (decision 0011). */
export function presentPublicSettings(row: SettingsRow, pusherKey: string, cardPayments: boolean): PublicSettings {
  return { ...presentSettings(row, pusherKey), card_payments_enabled: cardPayments };
}

/** The admin configuration adds the stored file keys' URLs under the names the settings pages use. */
export function presentBranding(row: SettingsRow, pusherKey: string): BrandingSettings {
  return {
    ...presentSettings(row, pusherKey),
    logoUrl: fileUrl(row.logo),
    logoLightUrl: fileUrl(row.logoLight),
    updated_at: row.updatedAt.toISOString(),
  };
}
