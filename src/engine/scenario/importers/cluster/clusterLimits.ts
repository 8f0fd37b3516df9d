/**
 * The bounds of a cluster import (docs/scenario-format.md §17.4, decision 0151). The file is read whole (the
 * app and the runner hand over its bytes), so its size is bounded first; `snapshot.json` is unzipped and
 * split as a stream, so the uncompressed size only bounds time, and one object at a time is held.
 */

/** The file given (snapshot.zip, a bare snapshot.json or Kubernetes YAML): 256 MiB. */
export const MAX_CLUSTER_FILE_BYTES = 256 * 1024 * 1024;
/** `snapshot.json` once unzipped, as declared in the zip and as actually inflated: 2 GiB. */
export const MAX_SNAPSHOT_JSON_BYTES = 2 * 1024 * 1024 * 1024;
/**
 * Uncompressed ÷ compressed size of `snapshot.json`: JSON of Kubernetes objects deflates about 10 to 40
 * times (the benchmark's 140,000 pods: see §17.4); a deflate stream cannot pass about 1,032, a zip bomb
 * sits near it.
 */
export const MAX_COMPRESSION_RATIO = 200;
/** The ratio is checked once this many bytes have come out (a tiny file of blanks may compress well). */
export const RATIO_CHECK_AFTER_BYTES = 16 * 1024 * 1024;
/** One object of a `rawObjects` list (or `config`, `schedulerParams`): 16 MiB of JSON. */
export const MAX_OBJECT_JSON_BYTES = 16 * 1024 * 1024;
/** Entries of the zip looked at before `snapshot.json` is found. */
export const MAX_ZIP_ENTRIES = 1_000;
/** Object paths listed per group of unmapped things (the count says how many there are). */
export const MAX_UNMAPPED_PATHS = 20;
/** Groups of unmapped things listed; the rest are counted in one last group. */
export const MAX_UNMAPPED_GROUPS = 200;
/** Notes listed; the rest are counted in one last note. */
export const MAX_NOTES = 200;
