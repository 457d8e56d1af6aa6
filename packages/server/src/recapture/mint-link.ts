// The use case of minting a re-capture link: the document must be completed, the message must not
// tip the borrower off (unless the caller acknowledges it), the delivery channel must exist here;
// the link (one pending per document) and its message, as an outbox row, are written in one
// transaction, and the sender is woken when a message was queued.
import { randomBytes } from 'node:crypto';
import type { DocumentCaller } from '../http/auth/document-caller.js';
import { documentError } from '../http/errors/document-errors.js';
import { composeMessage } from '../notifications/borrower-message.js';
import { messageEvent } from '../notifications/message-outbox.js';
import type { Environment, KeyClaim, Store, StoredLink } from '../store/store.js';
import { documentCategory } from '../views/document-view.js';
import type { LinkRequest } from './link-request.js';
import { tipOffTerms } from './tip-off.js';

/** What minting needs. */
export interface MintDeps {
  store: Store;
  environment: Environment;
  now: () => Date;
  /** Wakes the webhook and message sender. */
  notifyEvents: () => void;
  /** The channels this deployment sends borrowers' messages through. */
  channels: { email: boolean; sms: boolean };
}

/**
 * Mints a link for `ask`; `claimBase` is the scheme and host of the borrower's capture page. Under
 * an Idempotency-Key `claim` whose earlier holder minted one, answers that link (even revoked).
 */
export async function mintLink(deps: MintDeps, who: DocumentCaller, ask: LinkRequest, claimBase: string, claim?: KeyClaim): Promise<StoredLink> {
  const { store, environment } = deps;
  const resumed = claim?.resumed === undefined ? undefined : await store.recapture.link(who.account.id, environment, claim.resumed);
  if (resumed) return resumed;
  const document = await store.documents.document(who.account.id, environment, ask.documentId);
  if (!document) throw documentError('not_found', 'No document with that id in this environment.');
  if (document.status !== 'completed') throw documentError('not_reviewable', 'Only a completed document can be re-captured.');
  const matched = tipOffTerms(ask.message.body);
  if (matched.length > 0 && !ask.acknowledgeDisclosure)
    throw documentError('message_would_disclose_flag', `The message could tell the borrower their document was flagged (${matched.join(', ')}).`, {
      matched_terms: matched,
    });
  if (ask.delivery !== 'link_only' && !deps.channels[ask.delivery])
    throw documentError(
      'delivery_channel_unavailable',
      `This deployment has no ${ask.delivery === 'email' ? 'e-mail (SMTP)' : 'SMS'} channel configured; mint with delivery link_only and send the link yourself.`,
      { delivery: ask.delivery },
    );
  const at = deps.now();
  const token = randomBytes(24).toString('base64url');
  const id = `rcl_${randomBytes(12).toString('hex')}`;
  const claimUrl = `${claimBase}/c/${token}`;
  const expiresAt = new Date(at.getTime() + ask.expiresInMs).toISOString();
  const message =
    ask.delivery === 'link_only'
      ? []
      : [
          messageEvent(
            composeMessage(ask.delivery, {
              linkId: id,
              environment,
              claimUrl,
              expiresAt,
              body: ask.message.body,
              category: documentCategory(document),
              borrower: ask.borrower ?? null,
            }),
            who.account.id,
            environment,
            at.toISOString(),
          ),
        ];
  const created = await store.recapture.createLink(
    {
      id,
      accountId: who.account.id,
      environment,
      documentId: document.id,
      externalRef: document.externalRef,
      token,
      claimUrl,
      delivery: ask.delivery,
      borrower: ask.borrower ? JSON.stringify(ask.borrower) : null,
      message: JSON.stringify(ask.message),
      messageAudit: JSON.stringify({
        safe: matched.length === 0,
        matched_terms: matched,
        acknowledged_disclosure: ask.acknowledgeDisclosure,
        validated_at: at.toISOString(),
      }),
      expiresAt,
      createdAt: at.toISOString(),
    },
    at.toISOString(),
    message,
    claim,
  );
  if ('liveLinkId' in created)
    throw documentError('link_already_active', `The document already has a pending link (${created.liveLinkId}); revoke it first.`, {
      link_id: created.liveLinkId,
    });
  if (message.length > 0) deps.notifyEvents();
  return created;
}
