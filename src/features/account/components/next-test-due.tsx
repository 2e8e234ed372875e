/**
 * "Your next PSA test is due in <month year>."
 * (docs/decisions/0017-recall-intervals.md) on the portal and /medical-results,
 * from the date the server stored with the member's newest result
 * (src/domain/recall.ts). Nothing when there is none: no result yet, or a red
 * one (see a GP, said beside the result itself).
 */
import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { memberNextTestDue, nextTestSentence } from '@/domain/recall';
import { useResults } from '../api/get-results';

export function NextTestDue({ userId, publicId }: { userId: string; publicId: string | undefined }) {
  const results = useResults(userId, publicId);
  const due = results.data ? memberNextTestDue(results.data) : null;
  if (!due) return null;
  return (
    <p className="next-test-due" data-testid="next-test-due">
      <strong>{nextTestSentence(due)}</strong> <Link to={paths.bookEventMain}>Find a screening event</Link>
    </p>
  );
}
