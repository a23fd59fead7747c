/** The Mantine theme of ASTRO Companion: racing orange on neutral greys, system fonts (no font downloads offline). */
import { createTheme, type MantineColorsTuple } from '@mantine/core';

const astro: MantineColorsTuple = ['#fff3e6', '#ffe4cc', '#ffc599', '#ffa462', '#fe8835', '#fe7618', '#ff6c07', '#e45a00', '#cb4f00', '#b14200'];

export const theme = createTheme({
  primaryColor: 'astro',
  primaryShade: { light: 8, dark: 7 },
  colors: { astro },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
});
