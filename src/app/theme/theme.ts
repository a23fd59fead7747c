/**
 * The Mantine theme of ASTRO Companion: racing orange on neutral greys, system fonts (no font downloads offline).
 * Colours are chosen for WCAG AA (checked with axe-core): white on the primary shade is 4.5:1 in both schemes,
 * dimmed text is darker (light) / lighter (dark) than Mantine's default, and links are underlined so they stand
 * out from body text in dark mode.
 */
import { Anchor, createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

const astro: MantineColorsTuple = ['#fff3e6', '#ffe4cc', '#ffc599', '#ffa462', '#fe8835', '#fe7618', '#ff6c07', '#e45a00', '#cb4f00', '#b14200'];

export const theme = createTheme({
  primaryColor: 'astro',
  primaryShade: { light: 8, dark: 8 },
  colors: { astro },
  // Filled components pick black or white text by the background's luminance (yellow, lime, green-6...).
  autoContrast: true,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  components: {
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
  },
});

/**
 * Text of 'light' and 'outline' variants (badges, buttons, alerts) in the light scheme. Mantine's default is shade 6,
 * which is below 4.5:1 on white and on the variant's tinted background for most hues; these are at least 4.5:1 on
 * the tinted background (measured with axe-core's formula).
 */
const lightVariantText: Record<string, string> = {
  red: '#b02525',
  pink: '#a61e4d',
  grape: '#862e9c',
  violet: '#5f3dc4',
  indigo: '#364fc7',
  blue: '#1864ab',
  cyan: '#0b6374',
  teal: '#06664a',
  green: '#1e6b2f',
  lime: '#466d0a',
  yellow: '#7c5400',
  orange: '#a33b05',
  gray: '#343a40',
  dark: '#25262b',
  astro: '#9a3900',
};
const lightSchemeVariants = Object.fromEntries(
  Object.entries(lightVariantText).flatMap(([color, text]) => [
    [`--mantine-color-${color}-light-color`, text],
    [`--mantine-color-${color}-outline`, text],
  ]),
);

/**
 * Dimmed text with at least 4.5:1 contrast on the page and card backgrounds; sector performance colours
 * (Worse / Improved / Best, used as text and legend) readable on both schemes' backgrounds; links on tints.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c5f66',
    ...lightSchemeVariants,
    '--astro-perf-worse': '#c92a2a',
    '--astro-perf-improved': '#1e6b2f',
    '--astro-perf-best': '#5f3dc4',
    // Links on a tinted background (a striped table row, a light alert): the primary shade is under 4.5:1 there.
    '--astro-link-on-tint': '#b14200',
  },
  dark: {
    '--mantine-color-dimmed': '#a6a7ab',
    '--astro-perf-worse': '#ffa8a8',
    '--astro-perf-improved': '#8ce99a',
    '--astro-perf-best': '#b197fc',
    '--astro-link-on-tint': 'var(--mantine-color-anchor)',
  },
});
