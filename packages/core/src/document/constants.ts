// The document engine's name, release and the spec's limits on what it accepts.

/** The name the engine reports in `model`. */
export const ENGINE_MODEL = 'pdf-native-forensics';
/** The engine's release, reported as `model_version`. */
export const ENGINE_VERSION = '0.1.0';

/** The spec's file-size limit: 200 MiB. */
export const MAX_FILE_BYTES = 209_715_200;
/** The spec's page limit. */
export const MAX_PAGES = 200;
