import { jaroWinkler } from '@skyra/jaro-winkler';
import { compareDatesOfBirth } from '@platform/domain';

/**
 * How closely two normalised names agree, 0–1, whatever the order of their words: each word of the
 * shorter name is paired with its most similar unused word of the longer (Jaro-Winkler, which
 * forgives transposed and dropped letters), and the average lowered a little for every word the
 * longer name has beyond them ("Vladimir Putin" against "Vladimir Vladimirovich Putin" scores
 * 0.93). Names run together ("Abdulrahman" / "Abdul Rahman") are compared whole as well.
 */
export function nameSimilarity(a: string, b: string): number {
  const wordsA = a.split(' ').filter(Boolean);
  const wordsB = b.split(' ').filter(Boolean);
  if (!wordsA.length || !wordsB.length) return 0;
  const [shorter, longer] = wordsA.length <= wordsB.length ? [wordsA, wordsB] : [wordsB, wordsA];
  const unused = [...longer];
  let total = 0;
  for (const word of shorter) {
    let best = 0;
    let bestAt = 0;
    unused.forEach((other, i) => {
      const similarity = jaroWinkler(word, other);
      if (similarity > best) [best, bestAt] = [similarity, i];
    });
    total += best;
    unused.splice(bestAt, 1);
  }
  const coverage = 0.8 + (0.2 * shorter.length) / longer.length;
  const byWords = (total / shorter.length) * coverage;
  const whole = jaroWinkler(wordsA.join(''), wordsB.join('')) * 0.95;
  return Math.max(byWords, whole);
}

/**
 * A candidate's score, 0–100: the names' similarity, raised a little when the dates of birth agree
 * and lowered when they disagree (a quarter when the years differ, a tenth when only the day or
 * month does). A missing date leaves the name to decide.
 */
export function matchScore(
  investor: { normalizedName: string; dateOfBirth: string | null },
  listed: { normalizedName: string; dateOfBirth: string | null },
): number {
  const names = nameSimilarity(investor.normalizedName, listed.normalizedName);
  const dates = compareDatesOfBirth(investor.dateOfBirth, listed.dateOfBirth);
  const factor = { same: 1.05, near: 0.9, different: 0.75, unknown: 1 }[dates];
  return Math.min(100, Math.round(names * factor * 100));
}
