// The usage text of every `loupe` command, kept apart from the commands so that `--help` (and a
// usage error) prints without loading any of them.

/** The re-capture messaging flags of `serve` and `worker`. */
const MESSAGING_USAGE = `      --smtp-url smtp://host:port and --mail-from "Name <addr>" send re-capture links by
      e-mail; --sms-url https://provider/endpoint (key in LOUPE_SMS_KEY, --sms-max-chars N)
      sends them by SMS (LOUPE_SMTP_URL, LOUPE_MAIL_FROM, LOUPE_SMS_URL work too).`;

/** `loupe scan`. */
export const SCAN_USAGE = `  loupe scan [--json] [--progress|--no-progress] [--no-ocr] [--models=docforge] [--jobs N] FILE...
      Examine PDF, PNG and JPEG documents. --json prints one Document object per input
      file (JSON Lines, in input order); a file that cannot be analysed gets
      {"error": {type, code, message, doc_url}} and the others still run. Image-only pages
      and photos are read with OCR (offline) unless --no-ocr. --models=docforge adds the
      GenAI heatmap (genai_heatmap) of the docforge patch model to photos. --jobs N scans up
      to N files at once on worker threads (output still in input order).`;

/** `loupe detect`. */
export const DETECT_USAGE = `  loupe detect [--json] [--thumbnails] [--progress|--no-progress] [--detector-version=V1.5|V1.6]
               [--model=ID]... [--models-dir=DIR] [--jobs N] FILE...
      Media detection for photos (JPG, PNG, WEBP), videos (MP4, MOV, WEBM) and audio (MP3,
      WAV, M4A, FLAC, OGG, AAC): one Detection envelope per file (JSON Lines with --json; a
      file without one gets {"success": false, "error": {code, message}}). --thumbnails adds
      frame thumbnails to videos. --detector-version picks the models and the label in
      "model" (default V1.5). --model runs your own model instead (an id in the manifest.json
      of --models-dir, checked against its entry before any file is read; its task says
      whether it scores pictures or speech). --jobs N runs up to N files at once on worker
      threads (output still in input order).`;

/** `loupe digest`. */
export const DIGEST_USAGE = `  loupe digest [--json] FILE...
      Print the audit manifest digest (sha256-of-sorted-sha256-newline-joined) of the files.`;

/** `loupe serve`. */
export const SERVE_USAGE = `  loupe serve [--host 127.0.0.1] [--port 8080] [--sandbox-port 8081] [--data ./loupe-data]
              [--workers N] [--claim-url https://claim.example.com] [--database-url postgres://...]
              [--admin-port N] [--drain-seconds 30] [--quiet]
      Serve the media detection and document forensics APIs (production port) and the
      document sandbox listener on the embedded store (SQLite and files in --data). The
      first start creates a local account and prints its keys once. --workers N sets the
      worker threads that run detections and document analyses (default: the cores less
      one). --claim-url is the scheme and host of the borrower's capture page in re-capture
      links (default: the host a link is minted through). --database-url (or
      LOUPE_DATABASE_URL) makes this one API process of a shared deployment on PostgreSQL:
      no local analysis; run loupe worker processes on the same database. OpenAPI at
      /openapi.json, a reference page at /docs. --admin-port N adds an operator listener on
      127.0.0.1 with GET /metrics (Prometheus), /ready and /health. Logs are JSON lines on
      standard output, one per answered request with its reqId (--quiet: none). SIGTERM or
      Ctrl-C stops accepting, lets running requests finish and gives running jobs
      --drain-seconds before handing them back to the queue.
${MESSAGING_USAGE}`;

/** `loupe accounts`. */
export const ACCOUNTS_USAGE = `  loupe accounts create --email E [--name N] [--credits N] [--unverified] [--inactive]
                        [--detector V1.5|V1.6] [--webhook-url U] [--data DIR | --database-url URL] [--json]
  loupe accounts credit --email E --credits N [--reason PURCHASE_CREDIT|ADMIN_ADJUSTMENT] [--data DIR | --database-url URL]
  loupe accounts set --email E [--verified|--unverified] [--active|--inactive] [--detector V]
                     [--webhook-url U] [--data DIR | --database-url URL]
  loupe accounts session --email E [--data DIR | --database-url URL]
  loupe accounts keys --email E [--data DIR | --database-url URL] [--json]
  loupe accounts add-key --email E --env live|test [--name N] [--data DIR | --database-url URL] [--json]
  loupe accounts retire-key --email E --key-id ID [--data DIR | --database-url URL] [--json]
  loupe accounts usage --email E [--from D] [--to D] [--data DIR | --database-url URL] [--json]
      Manage accounts in the data folder of loupe serve (also while it runs). create prints
      the keys once (--json: {"id","email","media_key","media_sandbox_key","live_key",
      "test_key","webhook_secret"}); session prints a dashboard session token. keys lists an
      account's keys (never their secrets); add-key issues a document key, printed once (two
      may be live per environment, so a key is rotated by adding the new one, moving the
      clients, then retiring the old one); retire-key revokes a key at once. usage lists the
      account's metered document analyses completed from --from to --to (a day YYYY-MM-DD in
      UTC, --to included, or an ISO instant; open when left out), billed and not.`;

/** `loupe webhooks`. */
export const WEBHOOKS_USAGE = `  loupe webhooks list [--email E] [--state pending|delivered|abandoned] [--limit N] [--data DIR | --database-url URL] [--json]
  loupe webhooks replay --id DELIVERY_ID [--data DIR | --database-url URL] [--json]
      The webhook outbox: list deliveries newest first (event, target, state, attempts, last
      status or error, next attempt), or send one again (a new delivery of the same event,
      due now; receivers deduplicate on the evt_ id).`;

/** `loupe worker`. */
export const WORKER_USAGE = `  loupe worker --database-url postgres://... [--concurrency N] [--data ./loupe-data]
      Run analysis workers of a shared deployment: document analyses, audit reports and
      webhook deliveries from the queue on PostgreSQL (LOUPE_DATABASE_URL works too),
      N at once (default 2). --data holds the deployment's capture signer (c2pa/), the
      same folder the API processes use.
${MESSAGING_USAGE}`;

/** `loupe migrate`. */
export const MIGRATE_USAGE = `  loupe migrate --from ./loupe-data --to postgres://... [--json]
      Move an embedded installation (SQLite and blobs in --from) into an empty Loupe
      database on PostgreSQL, in one transaction, with its queued work.`;

/** Each command's usage, for `loupe COMMAND --help`. */
export const COMMAND_USAGE: Record<string, string> = {
  scan: SCAN_USAGE,
  detect: DETECT_USAGE,
  digest: DIGEST_USAGE,
  serve: SERVE_USAGE,
  accounts: ACCOUNTS_USAGE,
  webhooks: WEBHOOKS_USAGE,
  worker: WORKER_USAGE,
  migrate: MIGRATE_USAGE,
};

/** The whole usage (`loupe --help`). */
export const USAGE = `Usage:
${Object.values(COMMAND_USAGE).join('\n')}
  loupe --version | --help
  loupe COMMAND --help
`;
