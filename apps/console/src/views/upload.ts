// Upload: several files at once, with an optional loan reference; each file is sent as the
// contract's multipart submission (its own Idempotency-Key, so a retry never makes a second
// document), its upload progress shown as it goes, and its row filled in when its analysis lands.
// XMLHttpRequest carries the upload because fetch reports no upload progress.
import { element } from '@loupe/ui';
import { type Document, dataOf, messageOf } from '../answers.js';
import { verdictBadge } from '../format.js';
import { setShortcuts } from '../keyboard.js';
import { documentLink } from '../router.js';
import { apiBase, documents, session } from '../session.js';

/** Sends one file; answers the Document the API created (or the one it already had). */
function send(file: File, externalRef: string, progress: HTMLProgressElement): Promise<Document> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    if (externalRef) form.append('options', JSON.stringify({ external_ref: externalRef }));
    form.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${apiBase}/v1/documents`);
    xhr.setRequestHeader('x-api-key', session.documentKey ?? '');
    xhr.setRequestHeader('idempotency-key', crypto.randomUUID());
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) progress.value = e.loaded / e.total;
    };
    xhr.onload = () => {
      const body = xhr.response as Document & { error?: { message?: string; code?: string } };
      if (xhr.status === 200 || xhr.status === 202) resolve(body);
      else reject(new Error(`${body?.error?.code ?? xhr.status}: ${body?.error?.message ?? xhr.statusText}`));
    };
    xhr.onerror = () => reject(new Error('The upload failed (network).'));
    xhr.send(form);
  });
}

/** Reads the document every 2 s until it is no longer processing. */
async function finished(id: string): Promise<Document> {
  for (;;) {
    const doc = dataOf(await documents().GET('/v1/documents/{id}', { params: { path: { id } } }));
    if (doc.status !== 'processing') return doc;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

/** Renders the upload form. */
export function uploadView(main: HTMLElement, status: (text: string) => void): void {
  const form = element('form', { class: 'card upload', 'aria-labelledby': 'upload-title' });
  const files = element('input', { id: 'upload-files', type: 'file', multiple: '', accept: '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg' });
  const ref = element('input', { id: 'upload-ref', type: 'text', maxlength: '128' });
  const list = element('ul', { class: 'uploads', 'aria-live': 'polite' });
  form.append(
    element('h1', { id: 'upload-title' }, 'Upload'),
    element('label', { for: 'upload-files' }, 'Upload documents'),
    files,
    element('p', { class: 'hint' }, 'PDF, PNG or JPEG, up to 200 MiB and 200 pages each.'),
    element('label', { for: 'upload-ref' }, 'Loan reference (optional)'),
    ref,
    element('button', { type: 'submit' }, 'Send'),
  );
  main.replaceChildren(form, list);
  setShortcuts([]);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const picked = Array.from(files.files ?? []);
    if (picked.length === 0) {
      status('Pick one or more files first.');
      return;
    }
    files.value = '';
    await Promise.all(
      picked.map(async (file) => {
        const item = element('li', { 'data-file': file.name, 'data-state': 'uploading' });
        const progress = element('progress', { max: '1', value: '0', 'aria-label': `Upload of ${file.name}` });
        const state = element('span', {}, 'uploading');
        item.append(element('strong', {}, file.name), ' ', progress, ' ', state);
        list.append(item);
        try {
          const accepted = await send(file, ref.value.trim(), progress);
          progress.value = 1;
          item.dataset.state = 'processing';
          state.textContent = 'analysing…';
          const doc = accepted.status === 'processing' ? await finished(accepted.id) : accepted;
          item.dataset.state = doc.status;
          item.dataset.document = doc.id;
          const link = element('a', { href: documentLink(doc.id) }, 'open');
          state.replaceChildren(verdictBadge(doc.verdict, doc.status), doc.risk_score === undefined ? '' : ` risk ${doc.risk_score} `, link);
        } catch (error) {
          item.dataset.state = 'failed';
          state.textContent = messageOf(error);
        }
      }),
    );
    status(`${picked.length} file${picked.length === 1 ? '' : 's'} done.`);
  });
}
