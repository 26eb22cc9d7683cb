import { Fragment } from 'react';

/**
 * An e-mail address that, when it must wrap, wraps after the @ or before a dot (name@ / example / .com.br), not at a
 * random letter: <wbr> marks those points, and the text breaks inside a part only when that part alone is too wide.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?<=@)|(?=\.)/);
  return (
    <span style={{ overflowWrap: 'break-word', minWidth: 0 }}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
