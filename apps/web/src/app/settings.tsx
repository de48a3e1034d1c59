import { createContext, useContext, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  DEFAULT_COLORS,
  DEFAULT_FONT,
  resolveTerminology,
  toClientFlags,
  type ClientFlagName,
  type ClientFlags,
  type PublicSettings,
  type TermKey,
  type Terminology,
} from '@platform/domain';
import { api } from './api-client';
import { PUBLIC_SETTINGS_PATH } from './first-requests';

export interface Branding {
  settings: PublicSettings | null;
  colors: Record<string, string>;
  font: string;
  /** The uploaded file holding `font`, when the firm uploaded one. */
  fontFile: string | null;
  flags: ClientFlags;
  terms: Terminology;
  termsVersion: number;
}

export const publicSettingsQuery = {
  queryKey: ['public-settings'],
  // Spec §7.2: a failure is ignored and the defaults apply.
  queryFn: () =>
    api<{ data: PublicSettings }>(PUBLIC_SETTINGS_PATH).then(
      (r) => r.data,
      () => null,
    ),
  staleTime: 5 * 60_000,
};

function parseColors(text: string | undefined): Record<string, string> {
  try {
    return { ...DEFAULT_COLORS, ...(text ? JSON.parse(text) : {}) };
  } catch {
    return { ...DEFAULT_COLORS };
  }
}

export function brandingFrom(settings: PublicSettings | null): Branding {
  return {
    settings,
    colors: parseColors(settings?.colors),
    font: settings?.font || DEFAULT_FONT,
    fontFile: settings?.font_file ?? null,
    flags: toClientFlags(settings ?? {}),
    terms: resolveTerminology(settings?.navigation),
    termsVersion: settings?.terms_version ?? 1,
  };
}

const BrandingContext = createContext<Branding>(brandingFrom(null));

/** `loading`: what shows until the firm's settings (theme, words) have arrived. */
export function BrandingProvider({ children, loading = null }: { children: (branding: Branding) => ReactNode; loading?: ReactNode }) {
  const { data, isPending } = useQuery(publicSettingsQuery);
  if (isPending) return loading;
  const branding = brandingFrom(data ?? null);
  return (
    <BrandingContext.Provider value={branding}>
      {branding.fontFile && <BrandFontFace family={branding.font} url={branding.fontFile} />}
      {children(branding)}
    </BrandingContext.Provider>
  );
}

/** The firm's uploaded font, served by the app itself (no font CDN); the family name is checked by the server to letters, digits, spaces and dashes. */
function BrandFontFace({ family, url }: { family: string; url: string }) {
  return <style>{`@font-face { font-family: "${family}"; src: url("${url}"); font-display: swap; }`}</style>;
}

export const useBranding = () => useContext(BrandingContext);
export const useFeature = (flag: ClientFlagName) => useContext(BrandingContext).flags[flag];
export const useTerm = (key: TermKey) => useContext(BrandingContext).terms[key];
