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
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  components: {
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
  },
});

/** Dimmed text with at least 4.5:1 contrast on the page and card backgrounds. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c5f66' },
  dark: { '--mantine-color-dimmed': '#a6a7ab' },
});
