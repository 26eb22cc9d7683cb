/** Mantine's green 9 (#2b8a3e) gives only 4.2:1 against white; this darker green passes WCAG AA both ways. */
export const PRESENT_GREEN = '#1b6e2f';
