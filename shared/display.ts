/**
 * The visitor's display settings (the "Maxsus imkoniyatlar" panel): text size, contrast, images and
 * motion. They travel in one cookie that the server reads, so a page is rendered in its settings and
 * its first paint already has them; the page cache keys stored pages by the settings' variant. Parsing
 * is strict: an unknown name or value is ignored, so the variants stay a small, fixed set.
 */

export const TEXT_SIZES = ['100', '125', '150', '200'] as const;
export const CONTRASTS = ['site', 'black', 'yellow'] as const;
export const IMAGE_MODES = ['on', 'off'] as const;
export const MOTIONS = ['system', 'none'] as const;

export interface DisplaySettings {
  size: (typeof TEXT_SIZES)[number];
  contrast: (typeof CONTRASTS)[number];
  images: (typeof IMAGE_MODES)[number];
  motion: (typeof MOTIONS)[number];
}

export type DisplayName = keyof DisplaySettings;

/** Each setting's choices, the first being the default (nothing stored, nothing on <html>). */
export const DISPLAY_CHOICES: { readonly [K in DisplayName]: readonly DisplaySettings[K][] } = {
  size: TEXT_SIZES,
  contrast: CONTRASTS,
  images: IMAGE_MODES,
  motion: MOTIONS,
};

const NAMES = Object.keys(DISPLAY_CHOICES) as DisplayName[];

export const DEFAULT_DISPLAY: DisplaySettings = { size: '100', contrast: 'site', images: 'on', motion: 'system' };

export const DISPLAY_COOKIE = 'a11y';
/** Where the panel's form is sent (server/display-settings.ts). */
export const DISPLAY_SETTINGS_PATH = '/accessibility';

/** The attribute on <html> that carries each setting, for the stylesheet and the browser code. */
export const DISPLAY_ATTRIBUTES: Record<DisplayName, string> = {
  size: 'data-text-size',
  contrast: 'data-contrast',
  images: 'data-images',
  motion: 'data-motion',
};

function choice<K extends DisplayName>(name: K, value: string | null | undefined): DisplaySettings[K] | undefined {
  return (DISPLAY_CHOICES[name] as readonly string[]).includes(value ?? '') ? (value as DisplaySettings[K]) : undefined;
}

/** Settings from `read(name)` per setting (a form's fields, <html>'s attributes); anything unknown stays default. */
export function displayFrom(read: (name: DisplayName) => string | null | undefined): DisplaySettings {
  const settings = { ...DEFAULT_DISPLAY };
  for (const name of NAMES) {
    const value = choice(name, read(name));
    if (value) (settings as Record<DisplayName, string>)[name] = value;
  }
  return settings;
}

/**
 * The settings' cookie value, e.g. `size:150|contrast:yellow`: only what differs from the default, in a
 * fixed order, so equal settings are always the same string. Empty for the default settings: that
 * string is also the page cache's variant key.
 */
export function displayVariant(settings: DisplaySettings): string {
  return NAMES.filter((name) => settings[name] !== DEFAULT_DISPLAY[name])
    .map((name) => `${name}:${settings[name]}`)
    .join('|');
}

/** The longest cookie value a valid variant has; anything longer is not read at all. */
const MAX_VALUE = 80;

/** The settings in a `Cookie` request header (the default settings when it has none, or nonsense). */
export function displayFromCookieHeader(header: string | undefined): DisplaySettings {
  if (!header?.includes(`${DISPLAY_COOKIE}=`)) return DEFAULT_DISPLAY;
  const value = cookieValue(header, DISPLAY_COOKIE);
  if (!value || value.length > MAX_VALUE) return DEFAULT_DISPLAY;
  const pairs = new Map<string, string>();
  for (const pair of value.split('|')) {
    const at = pair.indexOf(':');
    if (at > 0) pairs.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return displayFrom((name) => pairs.get(name));
}

function cookieValue(header: string, name: string): string | undefined {
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** The attributes <html> carries for the settings: none for a default one. */
export function displayAttributes(settings: DisplaySettings): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const name of NAMES) if (settings[name] !== DEFAULT_DISPLAY[name]) attributes[DISPLAY_ATTRIBUTES[name]] = settings[name];
  return attributes;
}

/** The settings a page was rendered in, read back from its <html> (the browser's side of displayAttributes). */
export function displayOfDocument(root: Element): DisplaySettings {
  return displayFrom((name) => root.getAttribute(DISPLAY_ATTRIBUTES[name]));
}

/**
 * Whether motion should stop: the visitor chose "none" in the panel, or the system asks for reduced
 * motion. Browser code only (sliders, the splash); the stylesheet does the same with selectors.
 */
export function motionReduced(): boolean {
  return document.documentElement.getAttribute(DISPLAY_ATTRIBUTES.motion) === 'none' || window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
