/**
 * A blood sample's id: seven characters and a check character computed by
 * ISO/IEC 7064 MOD 37-2 (docs/rules.md#sample-ids). The pure MOD 37-2
 * system refuses every single-character change and every swap of two
 * neighbouring characters, which is what a tired hand at a venue or a lab
 * does; the hybrid MOD 37,36 lets about one swap in 650 through and is not
 * used. The scheme's check character may be `*`, `I` or `O`; the ids this
 * site makes never end in one (a new id is drawn again), and never use I or
 * O in the body, so nothing on a tube reads as 1 or 0. Checking follows the
 * standard and accepts any id it computes, so a valid id typed with an
 * O for a 0 is still refused by its check character.
 *
 * Pure and shared: the server assigns and checks ids, the staff phone
 * makes one offline at check-in and refuses a mistyped one before sending.
 */
const CHARSET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ*';
/** What a body is drawn from: the alphanumerics without I and O. */
const BODY_CHARS = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const MODULUS = 37;
export const SAMPLE_ID_BODY_LENGTH = 7;
export const SAMPLE_ID_LENGTH = SAMPLE_ID_BODY_LENGTH + 1;
const NEVER_CHECK = new Set(['*', 'I', 'O']);
const SHAPE = /^[0-9A-Z]{7}[0-9A-Z*]$/;

/** The MOD 37-2 check character of a body of 0-9 and A-Z. */
export function sampleIdCheckChar(body: string): string {
  let p = 0;
  for (const char of body) {
    const value = CHARSET.indexOf(char);
    if (value < 0 || value > 35) throw new Error(`Not a sample id character: ${char}`);
    p = ((p + value) * 2) % MODULUS;
  }
  return CHARSET[(MODULUS + 1 - p) % MODULUS]!;
}

/** Spaces and dashes dropped and letters in capitals, as a scanner or a person may give it. */
export const normaliseSampleId = (text: string) => text.replace(/[\s-]/g, '').toUpperCase();

/** Whether the text (already normalised) is eight characters whose last is the check character of the first seven. */
export function isValidSampleId(text: string): boolean {
  return SHAPE.test(text) && sampleIdCheckChar(text.slice(0, SAMPLE_ID_BODY_LENGTH)) === text[SAMPLE_ID_BODY_LENGTH];
}

/**
 * Whether the text (normalised) holds a character no id of this site has:
 * I or O anywhere, or a `*` (as a check character or elsewhere). A phone
 * proposes only ids the site made, printed or drawn by newSampleId.
 */
export const hasForeignSampleChar = (text: string): boolean => /[IO*]/.test(text);

/** A new id from a source of random bytes (crypto.getRandomValues in both places). */
export function newSampleId(randomBytes: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n))): string {
  for (;;) {
    let body = '';
    while (body.length < SAMPLE_ID_BODY_LENGTH) {
      for (const byte of randomBytes(SAMPLE_ID_BODY_LENGTH)) {
        // 34 * 7 = 238: bytes above it are dropped so every character is equally likely.
        if (byte < 238 && body.length < SAMPLE_ID_BODY_LENGTH) body += BODY_CHARS[byte % BODY_CHARS.length];
      }
    }
    const check = sampleIdCheckChar(body);
    if (!NEVER_CHECK.has(check)) return body + check;
  }
}

/** How an id is shown to a person: two groups of four, 7KQ2-M9PT. */
export const formatSampleId = (id: string) => `${id.slice(0, 4)}-${id.slice(4)}`;
