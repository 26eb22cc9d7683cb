/**
 * The import's radios and checkboxes as tablet targets (44 × 44 px at 820 × 1180): a tap on the circle or box, or on
 * its label, selects it. The label (44 px tall, styles.css) is drawn under the circle too (the circle is 20 px wide),
 * so the line is one target at least 44 px tall and wide, the circle inside it.
 */
export const radioTarget = {
  body: { alignItems: 'center' },
  labelWrapper: { marginInlineStart: -20 },
  label: { paddingInlineStart: 20 + 12, minHeight: 44, minWidth: 44 },
} as const;
