// Media detection: a photo, video or recording (or a link to one) sent to `POST /v1/detections`
// with the session's media key, and the answer shown as the contract gives it — the verdict,
// score, summary and credits used, a video's frame scores plotted against the threshold with the
// frames' thumbnails, an audio clip's windows on a timeline — and the balance left. A session
// signed in with a document key adds a media key here.
import { element, framePlot, segmentTimeline } from '@loupe/ui';
import { type Detection, dataOf, messageOf } from '../answers.js';
import { labelledField, verdictBadge } from '../format.js';
import { setShortcuts } from '../keyboard.js';
import { keyKind, media, session } from '../session.js';

/** The answer of one detection. */
function detectionCard(d: Detection): HTMLElement {
  const card = element('article', { class: 'card detection', 'data-verdict': d.verdict, 'data-detection': d.id });
  const line = element('p');
  line.append(verdictBadge(d.verdict), ` score ${d.score ?? '—'} · ${d.summary}`);
  card.append(
    element('h2', {}, `${d.media.type[0]!.toUpperCase()}${d.media.type.slice(1)}${d.media.filename ? `: ${d.media.filename}` : ''}`),
    line,
    element(
      'p',
      { class: 'hint' },
      `${d.credits_used} credit${d.credits_used === 1 ? '' : 's'} used${d.zero_charge_reason ? ` (${d.zero_charge_reason})` : ''} · ${d.model} · ${d.id}`,
    ),
  );
  if (d.frames?.length) {
    card.append(element('h3', {}, `Frame scores against the threshold ${d.threshold_used ?? ''}`), framePlot(d));
    const strip = element('div', { class: 'thumbnails' });
    for (const f of d.frames) {
      if (!f.thumbnail_b64) continue;
      const fig = element('figure');
      fig.append(
        element('img', { src: `data:image/jpeg;base64,${f.thumbnail_b64}`, alt: `Frame at ${f.timestamp_s} s` }),
        element('figcaption', {}, `${f.timestamp_s} s · ${f.score ?? f.cause ?? 'not scored'}`),
      );
      strip.append(fig);
    }
    if (strip.childElementCount) card.append(strip);
  }
  if (d.segments?.length) card.append(element('h3', {}, 'Speech windows'), segmentTimeline(d));
  if (d.source) card.append(element('p', { class: 'hint' }, `From ${(d.source as { url?: string }).url ?? 'a link'}`));
  return card;
}

/** Asks for a media key when the session has none. */
function mediaKeyForm(main: HTMLElement, again: () => void): void {
  const form = element('form', { class: 'card', 'aria-labelledby': 'media-key-title' });
  const key = element('input', { id: 'media-key', type: 'password', autocomplete: 'off' });
  const error = element('p', { class: 'error', role: 'alert' });
  form.append(
    element('h1', { id: 'media-key-title' }, 'Media detection'),
    element('p', {}, 'Media detection takes a media API key (sk_ and 64 hex digits), not a document key.'),
    labelledField('media-key', 'Media API key', key),
    element('button', { type: 'submit' }, 'Use this key'),
    error,
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (keyKind(key.value.trim()) !== 'media') {
      error.textContent = 'That is not a media API key.';
      return;
    }
    const before = session.mediaKey;
    session.keep(key.value.trim());
    try {
      dataOf(await media().GET('/users/profile'));
      again();
    } catch (failure) {
      if (before) session.keep(before);
      error.textContent = `That API key was not accepted: ${messageOf(failure)}`;
    }
  });
  main.replaceChildren(form);
}

/** Renders the detection form. */
export async function mediaView(main: HTMLElement, status: (text: string) => void): Promise<void> {
  setShortcuts([]);
  if (!session.mediaKey) {
    mediaKeyForm(main, () => void mediaView(main, status));
    return;
  }
  const form = element('form', { class: 'card media', 'aria-labelledby': 'media-title' });
  const file = element('input', { id: 'media-file', type: 'file', accept: 'image/*,video/*,audio/*,.mp3,.wav,.m4a,.flac,.ogg,.aac,.mp4,.mov,.webm' });
  const url = element('input', { id: 'media-url', type: 'url', placeholder: 'https://…' });
  const thumbs = element('input', { id: 'media-thumbnails', type: 'checkbox' });
  thumbs.checked = true;
  const thumbField = element('div', { class: 'field check' });
  thumbField.append(thumbs, element('label', { for: 'media-thumbnails' }, 'Frame thumbnails (video)'));
  const balance = element('p', { class: 'hint', id: 'balance' });
  const button = element('button', { type: 'submit' }, 'Detect');
  form.append(
    element('h1', { id: 'media-title' }, 'Media detection'),
    balance,
    labelledField('media-file', 'Photo, video or audio file', file),
    labelledField('media-url', 'Or a link to one', url),
    thumbField,
    button,
  );
  const results = element('div', { class: 'detections', 'aria-live': 'polite' });
  main.replaceChildren(form, results);
  const showBalance = async (): Promise<void> => {
    try {
      balance.textContent = `Balance: ${dataOf(await media().GET('/users/credits')).balance} credits`;
    } catch (error) {
      balance.textContent = messageOf(error);
    }
  };
  void showBalance();
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const picked = file.files?.[0];
    if (!picked && !url.value.trim()) {
      status('Pick a file or give a link.');
      return;
    }
    const body = new FormData();
    if (picked) body.append('file', picked, picked.name);
    else body.append('url', url.value.trim());
    body.append('thumbnails', String(thumbs.checked));
    button.disabled = true;
    status('Detecting… (a video can take up to a minute)');
    try {
      const detection = dataOf(
        await media().POST('/v1/detections', { body: body as unknown as { file: string }, bodySerializer: (b) => b as unknown as FormData }),
      ) as Detection;
      results.prepend(detectionCard(detection));
      status('');
      void showBalance();
    } catch (error) {
      status(messageOf(error));
    } finally {
      button.disabled = false;
    }
  });
}
