// Documents and their jobs: byte-identical dedupe under a lock on the bytes, listing and review;
// jobs leased to one worker, each document finished exactly once with its usage row and events.
import type { DocumentStore, Job } from '../store.js';
import { DOCUMENT_COLUMNS, encodeWords, rollupSummary, storedDocument, usageRow } from './rows.js';
import type { SqlContext } from './sql-context.js';

/** The DocumentStore over the shared SQL context. */
/** Documents: created (deduped under a lock on the bytes), read, listed, reviewed, reprocessed, metered. */
function documentRecords(
  c: SqlContext,
): Pick<
  DocumentStore,
  'createDocument' | 'reprocessDocument' | 'document' | 'listDocuments' | 'reviewDocument' | 'documentsWithBytes' | 'documentById' | 'usage' | 'documentText'
> {
  const { tx, read, queueJob, lockLoan, one, documentRow, insertDocument, ownedStatus, bindClaim } = c;
  return {
    async createDocument(d, sameAs, claim) {
      return tx(async (q) => {
        if (sameAs) {
          await q.lock(`bytes:${d.accountId}:${d.environment}:${d.sha256}`);
          const rows = await q.all(
            `SELECT ${DOCUMENT_COLUMNS} FROM documents WHERE account_id = ? AND environment = ? AND sha256 = ? ORDER BY created_at DESC, id DESC`,
            d.accountId,
            d.environment,
            d.sha256,
          );
          const duplicate = rows.map(storedDocument).find(sameAs);
          if (duplicate) {
            await bindClaim(q, claim, duplicate.id);
            return { duplicate };
          }
        }
        if (d.externalRef !== null) await lockLoan(q, d.accountId, d.environment, d.externalRef);
        if (d.externalRef !== null && d.attributionCurrency !== null) {
          const other = await q.get<{ attribution_currency: string }>(
            'SELECT attribution_currency FROM documents WHERE account_id = ? AND environment = ? AND external_ref = ? AND attribution_currency IS NOT NULL AND attribution_currency != ? LIMIT 1',
            d.accountId,
            d.environment,
            d.externalRef,
            d.attributionCurrency,
          );
          if (other) return { currencyConflict: other.attribution_currency };
        }
        await insertDocument(q, d);
        await queueJob(q, 'analysis', d.id);
        await bindClaim(q, claim, d.id);
        return documentRow(q, d.id);
      });
    },
    async reprocessDocument(accountId, environment, id) {
      return tx(async (q) => {
        const r = await ownedStatus(q, accountId, environment, id);
        if (!r) return undefined;
        if (r.status === 'processing') return 'in_progress' as const;
        await q.run("UPDATE documents SET status = 'processing', error = NULL WHERE id = ?", id);
        await queueJob(q, 'analysis', id);
        return documentRow(q, id);
      });
    },
    async document(accountId, environment, id) {
      return read((q) =>
        one(q, `SELECT ${DOCUMENT_COLUMNS} FROM documents WHERE id = ? AND account_id = ? AND environment = ?`, storedDocument, id, accountId, environment),
      );
    },
    async listDocuments(accountId, environment, query) {
      return read(async (q) => {
        const where = ['account_id = ?', 'environment = ?'];
        const args: unknown[] = [accountId, environment];
        if (query.externalRef !== undefined) {
          where.push('external_ref = ?');
          args.push(query.externalRef);
        }
        if (query.verdict !== undefined) {
          where.push("verdict = ? AND status = 'completed'");
          args.push(query.verdict);
        }
        const cursor = query.startingAfter
          ? await q.get<{ created_at: string; id: string }>(
              'SELECT created_at, id FROM documents WHERE id = ? AND account_id = ? AND environment = ?',
              query.startingAfter,
              accountId,
              environment,
            )
          : undefined;
        if (cursor) {
          where.push('(created_at < ? OR (created_at = ? AND id < ?))');
          args.push(cursor.created_at, cursor.created_at, cursor.id);
        }
        const rows = await q.all(
          `SELECT ${DOCUMENT_COLUMNS} FROM documents WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT ?`,
          ...args,
          query.limit + 1,
        );
        return { documents: rows.slice(0, query.limit).map(storedDocument), hasMore: rows.length > query.limit };
      });
    },
    async reviewDocument(accountId, environment, id, review) {
      return tx(async (q) => {
        const r = await ownedStatus(q, accountId, environment, id);
        if (!r) return undefined;
        if (r.status !== 'completed') return 'not_completed' as const;
        await q.run('UPDATE documents SET review = ? WHERE id = ?', JSON.stringify(review), id);
        return documentRow(q, id);
      });
    },
    async documentsWithBytes(accountId, environment, sha256) {
      return read(async (q) =>
        (
          await q.all(
            `SELECT ${DOCUMENT_COLUMNS} FROM documents WHERE account_id = ? AND environment = ? AND sha256 = ? ORDER BY created_at DESC, id DESC`,
            accountId,
            environment,
            sha256,
          )
        ).map(storedDocument),
      );
    },
    async documentById(id) {
      return read((q) => one(q, `SELECT ${DOCUMENT_COLUMNS} FROM documents WHERE id = ?`, storedDocument, id));
    },
    async usage(accountId, period) {
      return read(async (q) => {
        const where = ['account_id = ?'];
        const args: unknown[] = [accountId];
        if (period.from !== undefined) {
          where.push('created_at >= ?');
          args.push(period.from);
        }
        if (period.to !== undefined) {
          where.push('created_at < ?');
          args.push(period.to);
        }
        return (await q.all(`SELECT * FROM document_usage WHERE ${where.join(' AND ')} ORDER BY created_at, seq`, ...args)).map(usageRow);
      });
    },
    async documentText(id) {
      return read(async (q) => {
        const r = await q.get<{ text: string | null }>('SELECT text FROM documents WHERE id = ?', id);
        return r?.text ? (JSON.parse(r.text) as string[]) : undefined;
      });
    },
  };
}

/** Analysis jobs: leased to one worker, finishing their document exactly once. */
function documentJobs(c: SqlContext): Pick<DocumentStore, 'queueFigures' | 'claimJob' | 'claimJobById' | 'finishDocument' | 'requeueRunningJobs'> {
  const { now, lockRow, tx, read, leaseJob, openJobSubject, closeJob, insertEvents, loanSnapshot, documentRow, meter, driver } = c;
  return {
    async queueFigures() {
      return read(async (q) => {
        const r = await q.get<{ depth: number; oldest: string | null }>(
          "SELECT COUNT(*) AS depth, MIN(CASE WHEN state = 'queued' THEN created_at END) AS oldest FROM jobs WHERE state != 'done'",
        );
        return { depth: Number(r?.depth ?? 0), ...(r?.oldest ? { oldestQueuedAt: r.oldest } : {}) };
      });
    },
    async claimJob(leaseUntil) {
      const ready = "FROM jobs WHERE state = 'queued' OR (state = 'running' AND lease_until < ?)";
      // a loop woken for nothing (most wake-ups, once the queue is drained) reads, without a write lock
      if (!(await read((q) => q.get(`SELECT 1 AS one ${ready} LIMIT 1`, now())))) return undefined;
      return tx(async (q): Promise<Job | undefined> => {
        const r = await q.get(`SELECT * ${ready} ORDER BY seq LIMIT 1${driver.forUpdate({ skipLocked: true })}`, now());
        return r ? leaseJob(q, r, leaseUntil) : undefined;
      });
    },
    async claimJobById(jobId, leaseUntil) {
      return tx(async (q) => {
        const r = await q.get(`SELECT * FROM jobs WHERE id = ?${lockRow}`, jobId);
        if (!r || r.state === 'done') return 'finished' as const;
        if (r.state === 'running' && (r.lease_until as string) >= now()) return 'leased' as const;
        return leaseJob(q, r, leaseUntil);
      });
    },
    async finishDocument(jobId, outcome, emit) {
      return tx(async (q) => {
        const subject = await openJobSubject(q, jobId);
        if (subject === undefined) return undefined;
        const at = now();
        const changed =
          'result' in outcome
            ? await q.run(
                "UPDATE documents SET status = 'completed', result = ?, summary = ?, verdict = ?, text = ?, words = ?, error = NULL, completed_at = ? WHERE id = ? AND status = 'processing'",
                JSON.stringify(outcome.result),
                rollupSummary(outcome.result),
                outcome.result.verdict ?? null,
                outcome.text ? JSON.stringify(outcome.text) : null,
                outcome.words ? encodeWords(outcome.words) : null,
                at,
                subject,
              )
            : await q.run(
                "UPDATE documents SET status = 'failed', error = ?, result = NULL, summary = NULL, verdict = NULL, words = NULL, completed_at = ? WHERE id = ? AND status = 'processing'",
                JSON.stringify(outcome.error),
                at,
                subject,
              );
        await closeJob(q, jobId, at);
        if (changed !== 1) return undefined;
        const document = await documentRow(q, subject);
        if ('result' in outcome && document.environment === 'production') await meter(q, document, jobId, at);
        if (emit) {
          const ref = document.externalRef;
          const loan = async () => (ref === null ? undefined : loanSnapshot(q, document.accountId, document.environment, ref));
          await insertEvents(q, await emit(document, loan));
        }
        return document;
      });
    },
    async requeueRunningJobs() {
      return tx((q) => q.run("UPDATE jobs SET state = 'queued', lease_until = NULL WHERE state = 'running'"));
    },
  };
}

/** The DocumentStore over the shared SQL context. */
export function sqlDocuments(c: SqlContext): DocumentStore {
  return { ...documentRecords(c), ...documentJobs(c) };
}
