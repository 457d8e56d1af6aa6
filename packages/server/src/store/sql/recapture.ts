// Re-capture links (one pending per document, under its lock) and their captures.
import type { RecaptureStore } from '../store.js';
import type { Row } from './driver.js';
import { storedCapture, storedLink } from './rows.js';
import type { SqlContext } from './sql-context.js';

/** The RecaptureStore over the shared SQL context. */
export function sqlRecapture(c: SqlContext): RecaptureStore {
  const { lockRow, tx, read, queueJob, insertEvents, one, insertDocument, bindClaim } = c;
  return {
    async createLink(link, at, events, claim) {
      return tx(async (q) => {
        // the document's row lock makes "one live link per document" hold across processes
        await q.get(`SELECT id FROM documents WHERE id = ?${lockRow}`, link.documentId);
        const live = await q.get<{ id: string }>(
          "SELECT id FROM recapture_links WHERE document_id = ? AND status = 'pending' AND expires_at > ? LIMIT 1",
          link.documentId,
          at,
        );
        if (live) return { liveLinkId: live.id };
        await q.run(
          "INSERT INTO recapture_links (id, account_id, environment, document_id, external_ref, token, claim_url, status, delivery, borrower, message, message_audit, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?)",
          link.id,
          link.accountId,
          link.environment,
          link.documentId,
          link.externalRef,
          link.token,
          link.claimUrl,
          link.delivery,
          link.borrower,
          link.message,
          link.messageAudit,
          link.expiresAt,
          link.createdAt,
        );
        if (events) await insertEvents(q, events);
        await bindClaim(q, claim, link.id);
        return storedLink((await q.get('SELECT * FROM recapture_links WHERE id = ?', link.id)) as Row);
      });
    },
    async link(accountId, environment, id) {
      return read((q) => one(q, 'SELECT * FROM recapture_links WHERE id = ? AND account_id = ? AND environment = ?', storedLink, id, accountId, environment));
    },
    async linkByToken(token) {
      return read((q) => one(q, 'SELECT * FROM recapture_links WHERE token = ?', storedLink, token));
    },
    async linksOfDocument(documentId) {
      return read(async (q) => (await q.all('SELECT * FROM recapture_links WHERE document_id = ? ORDER BY created_at, id', documentId)).map(storedLink));
    },
    async revokeLink(accountId, environment, id, at) {
      return tx(async (q) => {
        const link = await one(
          q,
          `SELECT * FROM recapture_links WHERE id = ? AND account_id = ? AND environment = ?${lockRow}`,
          storedLink,
          id,
          accountId,
          environment,
        );
        if (!link) return undefined;
        if (link.status === 'consumed') return 'consumed' as const;
        if (link.status === 'pending' && link.expiresAt <= at) return 'expired' as const;
        if (link.status === 'pending') await q.run("UPDATE recapture_links SET status = 'revoked', closed_at = ? WHERE id = ?", at, id);
        return storedLink((await q.get('SELECT * FROM recapture_links WHERE id = ?', id)) as Row);
      });
    },
    async consumeLink(linkId, at, capture, recaptured) {
      return tx(async (q) => {
        const link = await one(q, `SELECT * FROM recapture_links WHERE id = ?${lockRow}`, storedLink, linkId);
        if (!link) return undefined;
        if (link.status !== 'pending') return link.status;
        if (link.expiresAt <= at) return 'expired' as const;
        await insertDocument(q, recaptured);
        await queueJob(q, 'analysis', recaptured.id);
        await q.run(
          "INSERT INTO recapture_captures (id, account_id, environment, link_id, document_id, recaptured_document_id, external_ref, status, captured_at, device, photo_count, photos, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'processing', ?, ?, ?, ?, ?)",
          capture.id,
          capture.accountId,
          capture.environment,
          capture.linkId,
          capture.documentId,
          capture.recapturedDocumentId,
          capture.externalRef,
          capture.capturedAt,
          capture.device,
          capture.photoCount,
          JSON.stringify(capture.photos),
          capture.createdAt,
        );
        await q.run("UPDATE recapture_links SET status = 'consumed', capture_id = ?, closed_at = ? WHERE id = ?", capture.id, at, linkId);
        return storedCapture((await q.get('SELECT * FROM recapture_captures WHERE id = ?', capture.id)) as Row);
      });
    },
    async capture(accountId, environment, id) {
      return read((q) =>
        one(q, 'SELECT * FROM recapture_captures WHERE id = ? AND account_id = ? AND environment = ?', storedCapture, id, accountId, environment),
      );
    },
    async capturesToFinish() {
      return read(async (q) =>
        (
          await q.all(
            "SELECT c.* FROM recapture_captures c JOIN documents d ON d.id = c.recaptured_document_id WHERE c.status = 'processing' AND d.status != 'processing'",
          )
        ).map(storedCapture),
      );
    },
    async finishCapture(id, outcome, emit) {
      return tx(async (q) => {
        const changed = await q.run(
          "UPDATE recapture_captures SET status = ?, evidence = ? WHERE id = ? AND status = 'processing'",
          'evidence' in outcome ? 'completed' : 'failed',
          'evidence' in outcome ? outcome.evidence : JSON.stringify({ failed: outcome.failed }),
          id,
        );
        if (changed !== 1) return false;
        if (emit) await insertEvents(q, emit(storedCapture((await q.get('SELECT * FROM recapture_captures WHERE id = ?', id)) as Row)));
        return true;
      });
    },
  };
}
