// Asking the borrower for a re-capture: a template (or a message of one's own), the borrower's
// contact and the delivery, sent to `POST /v1/recapture/links`. The server's tip-off validator
// reads the message before any link exists: a message that would disclose the review comes back
// with the terms it matched, shown beside the message so the reviewer rewrites it (or, knowingly,
// acknowledges the disclosure); nothing is sent until it passes.
import { element } from '@loupe/ui';
import { codeOf, dataOf, messageOf, type Template } from '../answers.js';
import { labelledField } from '../format.js';
import { documents, session } from '../session.js';

/** The re-capture form for document `documentId`. */
export async function recaptureForm(documentId: string, status: (text: string) => void): Promise<HTMLElement> {
  const form = element('form', { class: 'card recapture', 'aria-labelledby': 'recapture-title' });
  const template = element('select', { id: 'rc-template' });
  const body = element('textarea', { id: 'rc-body', rows: '4', maxlength: '1000', required: '' });
  const name = element('input', { id: 'rc-name', type: 'text', maxlength: '128' });
  const email = element('input', { id: 'rc-email', type: 'email' });
  const phone = element('input', { id: 'rc-phone', type: 'tel', placeholder: '+15551234567' });
  const delivery = element('select', { id: 'rc-delivery' });
  delivery.append(
    element('option', { value: 'link_only' }, 'Link only (I will pass it on)'),
    element('option', { value: 'email' }, 'E-mail'),
    element('option', { value: 'sms' }, 'SMS'),
  );
  const expires = element('select', { id: 'rc-expires' });
  for (const [v, l] of [
    ['PT48H', '48 hours'],
    ['PT24H', '24 hours'],
    ['P7D', '7 days'],
  ] as const)
    expires.append(element('option', { value: v }, l));
  const feedback = element('div', { class: 'feedback', role: 'alert' });
  const acknowledge = element('input', { id: 'rc-ack', type: 'checkbox' });
  const ackField = element('div', { class: 'field check', hidden: '' });
  ackField.append(
    acknowledge,
    element('label', { for: 'rc-ack' }, 'Send it anyway: I acknowledge it discloses the review (recorded on the link and in the audit report)'),
  );
  const result = element('div', { class: 'link-result' });
  form.append(
    element('h2', { id: 'recapture-title' }, 'Ask for a re-capture'),
    labelledField('rc-template', 'Message template', template),
    labelledField('rc-body', 'Message to the borrower', body),
    element('p', { class: 'hint' }, 'Write {document} where the document’s kind should appear. Never mention the review or its findings.'),
    labelledField('rc-name', 'Borrower name', name),
    labelledField('rc-email', 'Borrower e-mail', email),
    labelledField('rc-phone', 'Borrower phone', phone),
    ...(session.sandbox ? [] : [element('p', { class: 'hint' }, 'In production a link needs the borrower’s e-mail or phone, whatever the delivery.')]),
    labelledField('rc-delivery', 'Delivery', delivery),
    labelledField('rc-expires', 'Link expires in', expires),
    feedback,
    ackField,
    element('button', { type: 'submit' }, 'Create the link'),
    result,
  );
  let templates: Template[] = [];
  try {
    templates = dataOf(await documents().GET('/v1/recapture/templates')).data;
  } catch (error) {
    feedback.textContent = messageOf(error);
  }
  template.append(element('option', { value: '' }, 'My own message'), ...templates.map((t) => element('option', { value: t.id }, t.label)));
  const pick = (): void => {
    const t = templates.find((t) => t.id === template.value);
    if (t) body.value = t.body;
  };
  template.addEventListener('change', pick);
  if (templates[0]) {
    template.value = templates[0].id;
    pick();
  }
  body.addEventListener('input', () => {
    ackField.hidden = true;
    acknowledge.checked = false;
    feedback.textContent = '';
  });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    feedback.textContent = '';
    const borrower = {
      ...(name.value.trim() ? { display_name: name.value.trim() } : {}),
      ...(email.value.trim() ? { email: email.value.trim() } : {}),
      ...(phone.value.trim() ? { phone: phone.value.trim() } : {}),
    };
    // what the API would refuse, said before anything is sent
    const missing =
      delivery.value === 'email' && !borrower.email
        ? 'E-mail delivery needs the borrower’s e-mail.'
        : delivery.value === 'sms' && !borrower.phone
          ? 'SMS delivery needs the borrower’s phone.'
          : !session.sandbox && !borrower.email && !borrower.phone
            ? 'In production a link needs the borrower’s e-mail or phone, whatever the delivery.'
            : undefined;
    if (missing) {
      feedback.textContent = missing;
      (delivery.value === 'sms' ? phone : email).focus();
      return;
    }
    try {
      const link = dataOf(
        await documents().POST('/v1/recapture/links', {
          params: { header: { 'idempotency-key': crypto.randomUUID() } },
          body: {
            document_id: documentId,
            message: { body: body.value, ...(template.value ? { template_id: template.value as 'quality' } : {}) },
            delivery: delivery.value as 'link_only',
            expires_in: expires.value,
            ...(Object.keys(borrower).length ? { borrower } : {}),
            ...(acknowledge.checked ? { acknowledge_disclosure: true } : {}),
          },
        }),
      );
      result.replaceChildren(
        element(
          'p',
          {},
          `Link ${link.id} created (${link.status}, ${link.delivery.replace('_', ' ')}, expires ${new Date(link.expires_at).toLocaleString()}).`,
        ),
        element('a', { href: link.url, target: '_blank', rel: 'noopener noreferrer', class: 'capture-url' }, link.url),
      );
      const qr = await documents().GET('/v1/recapture/links/{id}/qr.png', { params: { path: { id: link.id } }, parseAs: 'blob' });
      if (qr.response.ok && qr.data)
        result.append(element('img', { class: 'qr', alt: 'QR code of the capture link', src: URL.createObjectURL(qr.data as Blob) }));
      status(`Re-capture link ${link.id} created.`);
    } catch (error) {
      if (codeOf(error) === 'message_would_disclose_flag') {
        const terms = ((error as { body?: { error?: { matched_terms?: string[] } } }).body?.error?.matched_terms ?? []).join('”, “');
        feedback.replaceChildren(
          element('strong', {}, 'Not sent: this message would tell the borrower their document is under review. '),
          `It matched “${terms}”. Rewrite it, or acknowledge the disclosure to send it as it is.`,
        );
        ackField.hidden = false;
      } else feedback.textContent = messageOf(error);
    }
  });
  return form;
}
