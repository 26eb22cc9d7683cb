/** What the document viewer shows for a PDF it cannot draw (PDF.js not downloaded, a file or a page it cannot read). */
import { Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';

export function PdfFailed() {
  return (
    <Text c="red.9" role="alert" data-testid="pdf-failed">
      <Trans>This PDF could not be shown here. Download it to open it with another app.</Trans>
    </Text>
  );
}
