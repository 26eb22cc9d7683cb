import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** A darker blue than Mantine's default so text on it passes WCAG AA contrast. */
const quadra: MantineColorsTuple = ['#e8f1fb', '#cfdff2', '#9dbde6', '#6899d9', '#3f7bcd', '#2868c2', '#1c5cae', '#1c4f8a', '#15406f', '#0d3157'];
/**
 * Mantine's orange with a darker 9: its own (#d9480f) gives 4.3:1 on white, under AA for the small text "waiting"
 * labels are written in; this one gives 6:1 (the roll call's "Pending: saved on this device" failed axe).
 */
const orange: MantineColorsTuple = ['#fff4e6', '#ffe8cc', '#ffd8a8', '#ffc078', '#ffa94d', '#ff922b', '#fd7e14', '#f76707', '#e8590c', '#b03d0c'];

export const theme = createTheme({
  primaryColor: 'quadra',
  primaryShade: 7,
  colors: { quadra, orange },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
  components: {
    // Hints under the field, not between label and field: fields side by side stay aligned when only one has a hint.
    InputWrapper: { defaultProps: { inputWrapperOrder: ['label', 'input', 'description', 'error'] } },
    // A modal's or drawer's title bar is not the page's banner: as <header> (Mantine's default) it made a second
    // banner landmark beside the app's header while a dialog was open (axe: landmark-no-duplicate-banner).
    ModalHeader: { defaultProps: { component: 'div' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
    // Close buttons a finger can hit on a tablet: 44 px, like every other control.
    ModalCloseButton: { defaultProps: { size: 'xl', iconSize: 20 } },
    DrawerCloseButton: { defaultProps: { size: 'xl', iconSize: 20 } },
  },
});
