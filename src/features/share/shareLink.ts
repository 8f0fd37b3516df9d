/**
 * Share links (docs/scenario-format.md §10). A built-in scenario is a short link by id
 * (`?scenario=lca-1&session=3&job=x`); any other scenario travels in the fragment, which browsers never
 * send to a server:
 *
 *     #share=<link format>.<base64url of lz-string(JSON payload)>
 *
 * The payload holds the inputs only (scenario text, engine version, session, selection, the selected
 * preemptor/victim pair) and a checksum of itself: results are recomputed by the recipient, and a link
 * damaged in transit (cut, re-encoded, a character changed) is detected instead of opening something
 * else. Decoding never throws: every input ends in a loaded link or an error sentence.
 */
import LZString from 'lz-string';
import { ENGINE_VERSION } from '../../engine/version';
import type { SelectedPair, Selection } from '../../store/AppState';
import { fromBase64Url, toBase64Url } from './base64url';

/** The link format this app writes. Bump it (and add a migration) when the payload's meaning changes. */
export const LINK_FORMAT = 1;
export const SHARE_KEY = 'share';

/**
 * Longest link the Share dialog offers (the whole URL, in characters). Fragments never reach a server, so
 * the limits that matter are the tools a link passes through: Discord cuts a message at 2,000 characters,
 * Microsoft Teams near 28,000, Slack at 40,000; Outlook and Gmail wrap or shorten long plain-text lines,
 * and the old Internet Explorer limit of 2,083 is still quoted by link checkers. 8,000 fits every tool
 * but Discord; above {@link LINK_WARN_LENGTH} the dialog says which tools may cut it. Longer scenarios
 * are offered as a file instead.
 */
export const LINK_MAX_LENGTH = 8000;
/** Links longer than this may be cut by Discord or an old link checker (see {@link LINK_MAX_LENGTH}). */
export const LINK_WARN_LENGTH = 2000;
/**
 * Fragments longer than this are refused before decompressing: lz-string output can expand
 * quadratically, so a crafted huge link must not freeze the tab.
 */
export const MAX_PAYLOAD_CHARS = 16_000;
/** Refuse a decompressed payload larger than this (a scenario in a link is a few KB). */
const MAX_TEXT_CHARS = 1_000_000;

export interface SharedScenario {
  text: string;
  /** Engine version that made the link (the recipient's engine may differ). */
  engineVersion: string;
  session: number | null;
  selection: Selection | null;
  pair: SelectedPair | null;
}

export type DecodeResult =
  | {
      ok: true;
      shared: SharedScenario;
      /** Link format the link was written in (older ones were migrated). */
      linkFormat: number;
      /** What may differ from what the sender saw; empty when made by this exact version. */
      notes: string[];
    }
  | { ok: false; error: string };

/** FNV-1a over UTF-16 code units: a checksum, not security; detects damage in transit. */
function checksum(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36);
}

interface PayloadV1 {
  e: string;
  t: string;
  s: number | null;
  sel: Selection | null;
  p: SelectedPair | null;
}

/**
 * The fragment (without `#`) carrying `shared`. `madeBy` stamps another engine version or link format
 * (tests of old and future links); the app always writes its own.
 */
export function encodeShareFragment(
  shared: Omit<SharedScenario, 'engineVersion'>,
  madeBy: { engineVersion?: string; linkFormat?: number } = {},
): string {
  const payload: PayloadV1 = {
    e: madeBy.engineVersion ?? ENGINE_VERSION,
    t: shared.text,
    s: shared.session,
    sel: shared.selection,
    p: shared.pair,
  };
  const body = JSON.stringify(payload);
  const sealed = JSON.stringify({ c: checksum(body), b: body });
  return `${SHARE_KEY}=${madeBy.linkFormat ?? LINK_FORMAT}.${toBase64Url(LZString.compressToUint8Array(sealed))}`;
}

/** The share fragment in `hash` (`#share=…` among other `&`-separated keys), or null when there is none. */
export function findShareFragment(hash: string): string | null {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  for (const part of body.split('&')) {
    if (part.startsWith(`${SHARE_KEY}=`)) return part.slice(SHARE_KEY.length + 1);
  }
  return null;
}

const fail = (error: string): DecodeResult => ({ ok: false, error });
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isName = (v: unknown): v is string => typeof v === 'string' && v !== '' && v.length <= 1000;
const isIndex = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

function readSelection(v: unknown): Selection | null | undefined {
  if (v === null) return null;
  if (!isRecord(v) || !isName(v.name)) return undefined;
  if (v.kind === 'job' || v.kind === 'queue' || v.kind === 'node') return { kind: v.kind, name: v.name };
  return undefined;
}

function readPair(v: unknown): SelectedPair | null | undefined {
  if (v === null) return null;
  if (!isRecord(v)) return undefined;
  const { session, attempt, preemptor, victim } = v;
  if (!isIndex(session) || session < 1 || !isIndex(attempt) || !isName(preemptor) || !isName(victim)) {
    return undefined;
  }
  return { session, attempt, preemptor, victim };
}

/** Migrations from each older link format to the next; format 1 is the first, so there are none yet. */
const MIGRATIONS: Readonly<Record<number, (payload: unknown) => unknown>> = {};

/**
 * Reads a share fragment value (`<format>.<data>`, as returned by {@link findShareFragment}). Never
 * throws; an error says what is wrong with the link.
 */
export function decodeShareFragment(value: string): DecodeResult {
  try {
    return decode(value);
  } catch {
    // lz-string on arbitrary bytes: whatever it throws, the link is damaged.
    return damaged('its data does not decompress');
  }
}

const damaged = (what: string): DecodeResult =>
  fail(
    `The link is damaged (${what}). It may have been cut or changed on the way; ask the sender for it again.`,
  );

function decode(value: string): DecodeResult {
  const dot = value.indexOf('.');
  if (dot <= 0) return damaged('no format version');
  const formatText = value.slice(0, dot);
  if (!/^\d{1,6}$/.test(formatText)) return damaged(`"${formatText.slice(0, 12)}" is not a format version`);
  const format = Number(formatText);
  if (format > LINK_FORMAT) {
    return fail(
      `This link was made by a newer Preemption Lab (link format ${format}; this one reads up to ${LINK_FORMAT}). Reload the page to get the new version.`,
    );
  }
  if (format < 1) return damaged(`link format ${format} never existed`);
  const data = value.slice(dot + 1);
  if (data.length > MAX_PAYLOAD_CHARS) {
    return fail(
      `This link is too long to open (${data.length.toLocaleString('en')} characters of data; at most ${MAX_PAYLOAD_CHARS.toLocaleString('en')}). Share long scenarios as a file.`,
    );
  }
  const bytes = fromBase64Url(data);
  if (bytes === null || bytes.length === 0 || bytes.length % 2 !== 0)
    return damaged('characters are missing or wrong');
  const sealedText = LZString.decompressFromUint8Array(bytes);
  if (typeof sealedText !== 'string' || sealedText === '' || sealedText.length > MAX_TEXT_CHARS) {
    return damaged('its data does not decompress');
  }
  let sealed: unknown;
  try {
    sealed = JSON.parse(sealedText);
  } catch {
    return damaged('its data does not decompress');
  }
  if (!isRecord(sealed) || typeof sealed.b !== 'string' || typeof sealed.c !== 'string') {
    return damaged('its data does not decompress');
  }
  if (checksum(sealed.b) !== sealed.c) return damaged('its checksum does not match');
  let payload: unknown = JSON.parse(sealed.b);
  for (let f = format; f < LINK_FORMAT; f++) {
    const migrate = MIGRATIONS[f];
    if (migrate === undefined) return damaged(`no migration from link format ${f}`);
    payload = migrate(payload);
  }
  if (!isRecord(payload)) return damaged('it holds no scenario');
  const { e, t, s } = payload;
  const selection = readSelection(payload.sel);
  const pair = readPair(payload.p);
  if (typeof e !== 'string' || e === '' || e.length > 40) return damaged('no engine version');
  if (typeof t !== 'string' || t.trim() === '') return damaged('it holds no scenario');
  if (!(s === null || (isIndex(s) && s >= 1)) || selection === undefined || pair === undefined) {
    return damaged('its session or selection is malformed');
  }
  const notes: string[] = [];
  if (format < LINK_FORMAT)
    notes.push(`The link (format ${format}) was migrated to link format ${LINK_FORMAT}.`);
  if (e !== ENGINE_VERSION) {
    notes.push(
      `Made with engine ${e}; this is engine ${ENGINE_VERSION}. The scenario text is exactly what was shared, but its results are recomputed here and may differ where the engine changed (see docs/decisions).`,
    );
  }
  return {
    ok: true,
    linkFormat: format,
    notes,
    shared: { text: t, engineVersion: e, session: s, selection, pair },
  };
}
