/**
 * After a submit with errors: bring the first invalid field into view with its label and its message, clear of the
 * fixed header (and of a sticky bar at the bottom), and focus it. Called on the next frame, once the errors are drawn.
 */
export function focusFirstInvalid(root: ParentNode | null | undefined): HTMLElement | null {
  const field = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!field) return null;
  // The whole field (label, box, message), not just the box: centred, so the 64 px header never covers it.
  const wrapper = field.closest<HTMLElement>('.mantine-InputWrapper-root') ?? field;
  wrapper.scrollIntoView?.({ block: 'center', inline: 'nearest' });
  field.focus({ preventScroll: true });
  return field;
}

/** focusFirstInvalid on the next frame (after React and Mantine have drawn the errors). */
export function focusFirstInvalidSoon(root: () => ParentNode | null | undefined): void {
  requestAnimationFrame(() => focusFirstInvalid(root()));
}
