import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DocumentUploader, type QueuedDocument } from '../../../src/features/student-registration/document-uploader.tsx';
import { renderWithProviders } from '../../support/render.tsx';
import { exeFile, pdfFile, pngFile } from './support.tsx';

function Harness() {
  const [documents, setDocuments] = useState<QueuedDocument[]>([]);
  return (
    <DocumentUploader
      documents={documents}
      onAdd={(doc) => setDocuments((previous) => [...previous, doc])}
      onRemove={(id) => setDocuments((previous) => previous.filter((doc) => doc.id !== id))}
    />
  );
}

async function openUploader() {
  const user = userEvent.setup();
  renderWithProviders(<Harness />);
  await user.click(screen.getByRole('button', { name: 'Add document' }));
  // The form's code loads on first open.
  await screen.findByLabelText(/^File/);
  return user;
}

describe('document uploader', { timeout: 20_000 }, () => {
  it('toggles between shown and hidden', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const toggle = screen.getByRole('button', { name: 'Add document' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByLabelText(/^File/)).not.toBeInTheDocument();
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide document uploader' })).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByLabelText(/^File/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide document uploader' }));
    expect(screen.queryByLabelText(/^File/)).not.toBeInTheDocument();
  });

  it('adding needs a chosen file', async () => {
    const user = await openUploader();
    await user.selectOptions(screen.getByLabelText(/Document type/), 'OUTRO');
    await user.click(screen.getByRole('button', { name: 'Add to the list' }));
    expect(await screen.findByText('Choose a file to add.')).toBeInTheDocument();
    expect(screen.queryAllByTestId('queued-document')).toHaveLength(0);
  });

  it('adds a PDF to the list with name, type and size, then clears the uploader', async () => {
    const user = await openUploader();
    await user.upload(screen.getByLabelText(/^File/), pdfFile('comprovante.pdf', 2048));
    expect(screen.getByTestId('document-date')).toHaveTextContent('January 10, 2026');
    await user.selectOptions(screen.getByLabelText(/Document type/), 'COMPROVANTE_RESIDENCIA');
    await user.type(screen.getByLabelText('Origin'), 'Prefeitura');
    await user.type(screen.getByLabelText('Description'), 'Conta de luz');
    await user.click(screen.getByRole('button', { name: 'Add to the list' }));
    const item = await screen.findByTestId('queued-document');
    expect(item).toHaveTextContent('comprovante.pdf');
    expect(item).toHaveTextContent('Proof of address');
    expect(item).toHaveTextContent('2 KB');
    // The uploader's form is cleared for the next document.
    expect((screen.getByLabelText(/^File/) as HTMLInputElement).files).toHaveLength(0);
    expect(screen.getByLabelText(/Document type/)).toHaveValue('');
    expect(screen.getByLabelText('Origin')).toHaveValue('');
    expect(screen.getByLabelText('Description')).toHaveValue('');
  });

  it('lists several documents and removes one with its button', async () => {
    const user = await openUploader();
    for (const file of [pdfFile('a.pdf'), pngFile('b.png')]) {
      await user.upload(screen.getByLabelText(/^File/), file);
      await user.selectOptions(screen.getByLabelText(/Document type/), 'OUTRO');
      await user.click(screen.getByRole('button', { name: 'Add to the list' }));
      await screen.findByText(file.name);
    }
    expect(screen.getAllByTestId('queued-document')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Remove a.pdf' }));
    const left = screen.getAllByTestId('queued-document');
    expect(left).toHaveLength(1);
    expect(within(left[0]!).getByText('b.png')).toBeInTheDocument();
  });

  it('refuses a renamed executable before it is queued', async () => {
    const user = await openUploader();
    await user.upload(screen.getByLabelText(/^File/), exeFile('renda.pdf'));
    await user.selectOptions(screen.getByLabelText(/Document type/), 'COMPROVANTE_RENDA');
    await user.click(screen.getByRole('button', { name: 'Add to the list' }));
    expect(await screen.findByText('Only PDF, JPEG or PNG files can be added. This file is none of them.')).toBeInTheDocument();
    expect(screen.queryAllByTestId('queued-document')).toHaveLength(0);
    expect(screen.getByLabelText(/^File/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses an empty file', async () => {
    const user = await openUploader();
    await user.upload(screen.getByLabelText(/^File/), new File([], 'vazio.pdf', { type: 'application/pdf' }));
    await user.selectOptions(screen.getByLabelText(/Document type/), 'OUTRO');
    await user.click(screen.getByRole('button', { name: 'Add to the list' }));
    expect(await screen.findByText('This file is empty. Choose another file.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryAllByTestId('queued-document')).toHaveLength(0));
  });

  it('asks for the document type', async () => {
    const user = await openUploader();
    await user.upload(screen.getByLabelText(/^File/), pngFile());
    await user.click(screen.getByRole('button', { name: 'Add to the list' }));
    expect(await screen.findByText('Choose the document type.')).toBeInTheDocument();
    expect(screen.queryAllByTestId('queued-document')).toHaveLength(0);
  });
});

describe('document uploader, a file chosen while the previous one is being checked', { timeout: 20_000 }, () => {
  it('keeps the new file in the form; the first one is added', async () => {
    const user = await openUploader();
    await user.upload(screen.getByLabelText(/^File/), pdfFile());
    await user.selectOptions(screen.getByLabelText(/Document type/), 'COMPROVANTE_RESIDENCIA');
    // Hold the content check of the first file until the second is chosen.
    const realSlice = Blob.prototype.slice;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    Blob.prototype.slice = function (...args: Parameters<Blob['slice']>) {
      const part = realSlice.apply(this, args);
      const arrayBuffer = part.arrayBuffer.bind(part);
      part.arrayBuffer = async () => {
        await held;
        return arrayBuffer();
      };
      return part;
    };
    try {
      await user.click(screen.getByRole('button', { name: 'Add to the list' }));
      await user.upload(screen.getByLabelText(/^File/), pngFile());
    } finally {
      Blob.prototype.slice = realSlice;
      release();
    }
    await waitFor(() => expect(screen.getAllByTestId('queued-document')).toHaveLength(1));
    expect(screen.getByTestId('queued-document')).toHaveTextContent(pdfFile().name);
    expect((screen.getByLabelText(/^File/) as HTMLInputElement).files?.[0]?.name).toBe(pngFile().name);
  });
});

describe('document uploader, a document the device could not keep', { timeout: 20_000 }, () => {
  it('stays in the form, which says so, and is added when tried again', async () => {
    // The profile's add stores the document on the device: the first try fails (as it did when the device store's
    // code could not load offline), the second works.
    const kept: QueuedDocument[] = [];
    let tries = 0;
    const onAdd = async (doc: QueuedDocument) => {
      tries += 1;
      if (tries === 1) throw new Error('the device store could not be opened');
      kept.push(doc);
    };
    const user = userEvent.setup();
    renderWithProviders(<DocumentUploader documents={[]} onAdd={onAdd} onRemove={() => undefined} listAdded={false} />);
    await user.click(screen.getByRole('button', { name: 'Add document' }));
    await user.upload(await screen.findByLabelText(/^File/), pdfFile('comprovante.pdf'));
    await user.selectOptions(screen.getByLabelText(/Document type/), 'OUTRO');
    await user.type(screen.getByLabelText('Origin'), 'Prefeitura');
    await user.click(screen.getByRole('button', { name: 'Add to the list' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This document could not be saved on this device. It is still in the form: try again.',
    );
    expect((screen.getByLabelText(/^File/) as HTMLInputElement).files?.[0]?.name).toBe('comprovante.pdf');
    expect(screen.getByLabelText(/Document type/)).toHaveValue('OUTRO');
    expect(screen.getByLabelText('Origin')).toHaveValue('Prefeitura');

    await user.click(screen.getByRole('button', { name: 'Add to the list' }));
    await waitFor(() => expect(kept.map((doc) => doc.file.name)).toEqual(['comprovante.pdf']));
    expect(kept[0]!.origin).toBe('Prefeitura');
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Origin')).toHaveValue('');
  });
});
