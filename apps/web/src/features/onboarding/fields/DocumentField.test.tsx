import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiSessionSource, UPLOAD_STALL_MS } from '../../../lib/api.ts';
import { FakeUpload } from '../../../lib/testing/fake-upload.ts';
import { FormHarness, renderOnboarding, testAccount, uploadedFile } from '../testing.tsx';
import { DocumentField } from './DocumentField.tsx';

function renderUpload(account = testAccount, resume = '') {
  const onValues = vi.fn();
  renderOnboarding(
    <FormHarness values={{ resume }} onValues={onValues}>
      <DocumentField name="resume" label="Resume" folder="resumes" required />
      <button type="button">Elsewhere</button>
    </FormHarness>,
    { account },
  );
  return () => onValues.mock.lastCall?.[0].resume;
}

/** The session as the API client sees it: token-1, refreshed to token-2 when the server refuses it. */
const refreshAccessToken = vi.fn(async () => 'token-2');

/** The field's live region: what a screen reader is told without asking. */
function announced() {
  const region = screen
    .getByLabelText(/Resume/, { selector: 'input' })
    .parentElement?.querySelector('[aria-live]');
  return region?.textContent ?? null;
}

/** The upload's progress bar, at `percent`. */
async function expectProgress(percent: number) {
  const bar = await screen.findByRole('progressbar', { name: 'Resume upload' });
  // The bar shows at 0 as the upload starts; the fake upload reports its progress a moment later.
  await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', String(percent)));
  expect(screen.getByText(`Uploading... ${percent}%`)).toBeInTheDocument();
}

beforeEach(() => {
  FakeUpload.reset();
  refreshAccessToken.mockClear();
  setApiSessionSource({ getAccessToken: async () => 'token-1', refreshAccessToken });
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  setApiSessionSource(null);
});

describe('a document upload', () => {
  it('refuses a file over 5 MB and one of another type before sending, and clears the selection', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderUpload();
    const input = screen.getByLabelText(/Resume/) as HTMLInputElement;
    await user.upload(input, uploadedFile('big.pdf', 5 * 1024 * 1024 + 1));
    // Spec 1's upload error state: a red icon with the message.
    expect(screen.getByText('File size must be less than 5MB').querySelector('svg')).not.toBeNull();
    expect(input.value).toBe('');
    // The reason is the field's error, tied to the chooser, and said once.
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription(
      'PDF, DOCX or DOC, up to 5 MB. File size must be less than 5MB',
    );
    expect(announced()).toBe('File size must be less than 5MB');
    expect(input).toHaveFocus();
    await user.upload(input, uploadedFile('notes.txt'));
    expect(input).toHaveAccessibleDescription(
      'PDF, DOCX or DOC, up to 5 MB. File type not supported. Please upload: .pdf,.docx,.doc',
    );
    expect(FakeUpload.sent).toEqual([]);
  });

  it('uploads with the token, shows progress, stores the URL and says it worked', async () => {
    const user = userEvent.setup();
    FakeUpload.answer = {
      status: 201,
      body: {
        data: {
          url: 'http://x/api/storage/public/documents/resumes/u/uuid-My_CV.pdf',
          path: 'p',
          name: 'My_CV.pdf',
          size: 100,
        },
      },
    };
    const release = FakeUpload.hold();
    const stored = renderUpload();
    await user.upload(screen.getByLabelText(/Resume/), uploadedFile('My CV.pdf'));
    await expectProgress(50);
    // The live region says the upload started, not how far it is.
    expect(announced()).toBe('Uploading...');
    release();
    expect(await screen.findByText('File uploaded successfully', { selector: 'p' })).toBeInTheDocument();
    expect(announced()).toBe('File uploaded successfully');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(await screen.findByText('Upload Complete')).toBeInTheDocument();
    const sent = FakeUpload.sent[0]!;
    expect(sent.headers.authorization).toBe('Bearer token-1');
    expect(sent.body.get('folder')).toBe('resumes');
    expect((sent.body.get('file') as File).name).toBe('My_CV.pdf');
    expect(stored()).toBe('http://x/api/storage/public/documents/resumes/u/uuid-My_CV.pdf');
    expect(screen.getByText('uuid-My_CV.pdf')).toBeInTheDocument();
  });

  it("shows the server's reason when the upload is refused", async () => {
    const user = userEvent.setup();
    FakeUpload.answer = {
      status: 415,
      body: { error: 'File type not supported. Please upload: .pdf,.docx,.doc' },
    };
    renderUpload();
    await user.upload(screen.getByLabelText(/Resume/), uploadedFile('fake.pdf'));
    expect(await screen.findByText('Upload Failed')).toBeInTheDocument();
    expect(screen.getAllByText('File type not supported. Please upload: .pdf,.docx,.doc')).toHaveLength(2);
  });

  it('fails without a token, and removing a file clears the stored URL', async () => {
    const user = userEvent.setup();
    const stored = renderUpload(
      { ...testAccount, accessToken: null },
      'http://x/documents/resumes/u/uuid-old.pdf',
    );
    await user.upload(screen.getByLabelText(/Resume/), uploadedFile('cv.pdf'));
    expect(await screen.findAllByText('No authentication token available')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Replace resume' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Remove resume' }));
    expect(stored()).toBe('');
    expect(screen.queryByText('uuid-old.pdf')).toBeNull();
  });

  it('refreshes an expired session and sends the upload again', async () => {
    const user = userEvent.setup();
    const url = 'http://x/api/storage/public/documents/resumes/u/uuid-cv.pdf';
    FakeUpload.answers = [
      { status: 401, body: { error: 'Session expired' } },
      { status: 201, body: { data: { url, path: 'p', name: 'cv.pdf', size: 100 } } },
    ];
    const stored = renderUpload();
    await user.upload(screen.getByLabelText(/Resume/), uploadedFile('cv.pdf'));
    expect(await screen.findByText('File uploaded successfully', { selector: 'p' })).toBeInTheDocument();
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
    expect(FakeUpload.sent.map((sent) => sent.headers.authorization)).toEqual([
      'Bearer token-1',
      'Bearer token-2',
    ]);
    expect(stored()).toBe(url);
  });

  it('says so in general words when the server gives no reason', async () => {
    const user = userEvent.setup();
    FakeUpload.answer = { status: 500, body: null };
    renderUpload();
    await user.upload(screen.getByLabelText(/Resume/), uploadedFile('cv.pdf'));
    expect(await screen.findByText('File upload failed', { selector: 'p' })).toBeInTheDocument();
    expect(await screen.findByText('Failed to upload file. Please try again.')).toBeInTheDocument();
  });

  it('cancels an upload under way, keeping the file already stored, without reporting a failure', async () => {
    const user = userEvent.setup();
    FakeUpload.hold();
    const stored = renderUpload(testAccount, 'http://x/documents/resumes/u/uuid-old.pdf');
    await user.upload(screen.getByLabelText(/Resume/), uploadedFile('new.pdf'));
    await expectProgress(50);
    expect(screen.getByRole('button', { name: 'Replace resume' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Cancel resume upload' }));
    expect(await screen.findByText('Upload cancelled')).toBeInTheDocument();
    expect(screen.queryByText('Uploading...')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel resume upload' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Replace resume' })).toBeEnabled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Replace resume' })).toHaveFocus());
    expect(screen.queryByText('Upload Failed')).toBeNull();
    // The stored file was never changed.
    expect(stored()).toBeUndefined();
    expect(screen.getByText('uuid-old.pdf')).toBeInTheDocument();
  });

  it('moves the focus to Cancel while a file uploads, and on to Replace once it is stored', async () => {
    const user = userEvent.setup();
    const url = 'http://x/api/storage/public/documents/resumes/u/uuid-cv.pdf';
    FakeUpload.answer = { status: 201, body: { data: { url, path: 'p', name: 'cv.pdf', size: 100 } } };
    const release = FakeUpload.hold();
    renderUpload();
    const input = screen.getByLabelText(/Resume/);
    await user.upload(input, uploadedFile('cv.pdf'));
    // The chooser the keyboard was on is disabled for the upload: the focus must not fall to the page.
    expect(input).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel resume upload' })).toHaveFocus());
    release();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Replace resume' })).toHaveFocus());
  });

  it('moves the focus from Replace to Cancel, and back to Replace when the upload fails', async () => {
    FakeUpload.answer = { status: 500, body: null };
    const release = FakeUpload.hold();
    renderUpload(testAccount, 'http://x/documents/resumes/u/uuid-old.pdf');
    const replace = screen.getByRole('button', { name: 'Replace resume' });
    // Replace opens the hidden chooser; the file arrives while Replace has the focus.
    act(() => replace.focus());
    fireEvent.change(screen.getByLabelText(/Resume/), { target: { files: [uploadedFile('new.pdf')] } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel resume upload' })).toHaveFocus());
    expect(replace).toBeDisabled();
    release();
    expect(await screen.findByText('Failed to upload file. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Replace resume' })).toHaveFocus());
  });

  it('gives the chooser the focus back when an upload with no file stored fails', async () => {
    const user = userEvent.setup();
    FakeUpload.answer = { status: 500, body: null };
    const release = FakeUpload.hold();
    renderUpload();
    const input = screen.getByLabelText(/Resume/);
    await user.upload(input, uploadedFile('cv.pdf'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel resume upload' })).toHaveFocus());
    release();
    await waitFor(() => expect(input).toHaveFocus());
    expect(input).toBeEnabled();
  });

  it('leaves the focus where the person took it during the upload', async () => {
    const user = userEvent.setup();
    const url = 'http://x/api/storage/public/documents/resumes/u/uuid-cv.pdf';
    FakeUpload.answer = { status: 201, body: { data: { url, path: 'p', name: 'cv.pdf', size: 100 } } };
    const release = FakeUpload.hold();
    renderUpload();
    await user.upload(screen.getByLabelText(/Resume/), uploadedFile('cv.pdf'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel resume upload' })).toHaveFocus());
    await user.tab();
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
    release();
    expect(await screen.findByText('File uploaded successfully', { selector: 'p' })).toBeInTheDocument();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
  });

  it('gives up on a stalled upload with the usual failure', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    FakeUpload.hold();
    renderUpload();
    await user.upload(screen.getByLabelText(/Resume/), uploadedFile('cv.pdf'));
    await expectProgress(50);
    // Nothing moves any more: the browser ends the request once the stall window has passed.
    await act(() => vi.advanceTimersByTimeAsync(UPLOAD_STALL_MS));
    expect(FakeUpload.last?.aborted).toBe(true);
    expect(await screen.findByText('An unexpected error occurred while uploading.')).toBeInTheDocument();
    expect(await screen.findByText('Upload Failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to upload file. Please try again.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Resume/)).toBeEnabled();
  });
});
