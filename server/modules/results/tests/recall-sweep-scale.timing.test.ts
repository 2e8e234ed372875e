/**
 * The invitation sweep at a national scale: on a data
 * set built by `npm run seed:scale`'s own code, one sweep sends a whole
 * backlog (it goes on in batches until nothing is due, instead of 200 a
 * minute), exactly one invitation to each man due who has no booking
 * ahead, and its time follows the rows due: a backlog three to four times
 * larger costs within 2.5 times as much a man (a sweep that read and
 * sorted the whole backlog for every batch would cost about four times as
 * much a man). Both engines, in one run, so the two sizes are read on the
 * same machine moments apart (docs/decisions/0031-recall-sweep-at-scale.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDue, seedScale, toInvite } from '../../../../scripts/seed-scale';
import { createEventsService } from '../../events/events-service';
import { createUnsubscribeLinks } from '../../members/email-choices-service';
import { createMailer } from '../../../platform/mail';
import { createSigner } from '../../../platform/signing';
import { jobsFor, testApp } from '../../../../tests/fixtures/app';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../../../tests/fixtures/db';
import { sentMail } from '../../../../tests/fixtures/mail';
import { createRecallEmailsService } from '../recall-emails-service';

const TODAY = '2026-06-10';
// 10:30 in London, after the day's recall time: results due 28 days from today are in the window.
const NOW = new Date('2026-06-10T09:30:00Z');
const SITE = 'https://www.example.org';

describe.each(ENGINES)('the invitation sweep at scale on %s', (engine) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await test.db.transaction((tx) => seedScale(tx, { members: 3000, due: 0, today: TODAY }));
  }, 120_000);
  afterAll(async () => {
    await test?.dispose();
  });

  /** The armed results that should be invited: due in the window, not invited, recall emails on, no booking ahead. */
  const invitable = () => toInvite(test.db, TODAY, TODAY);

  async function sweepAll(): Promise<{ invited: number; ms: number }> {
    const mailer = createMailer({ db: test.db, jobs: jobsFor(test.db), env: { mailFrom: 'CHAPS <no-reply@example.org>' } });
    const links = createUnsubscribeLinks(createSigner(test.db, undefined), SITE);
    const sweep = createRecallEmailsService(test.db, () => NOW, mailer, () => createEventsService(test.db, () => NOW).list({}), SITE, links);
    const started = performance.now();
    const { invitations } = await sweep.sendDue();
    return { invited: invitations, ms: performance.now() - started };
  }

  const invitationsSent = async () => {
    // Emails go out through the handlers of an app built over the database.
    testApp({ db: test.db, now: NOW, env: { SITE_URL: SITE } });
    return (await sentMail(test.db, 10_000)).filter((m) => m.subject.startsWith('Your next PSA test')).map((m) => m.to);
  };

  it('sends a backlog three to four times larger at about the same cost a man, each man invited once', async () => {
    await makeDue(test.db, 150, TODAY);
    const smallDue = await invitable();
    const small = await sweepAll();
    expect(small.invited).toBe(smallDue);

    await makeDue(test.db, 600, TODAY);
    const largeDue = await invitable();
    expect(largeDue).toBeGreaterThan(3 * smallDue);
    // More than one batch of 500 in one sweep: it goes on until nothing is due.
    const large = await sweepAll();
    expect(large.invited).toBe(largeDue);
    expect(await invitable()).toBe(0);
    expect((await sweepAll()).invited).toBe(0);

    const sent = await invitationsSent();
    expect(sent).toHaveLength(smallDue + largeDue);
    expect(new Set(sent).size).toBe(sent.length);

    const perRow = { small: small.ms / smallDue, large: large.ms / largeDue };
    // Linear: the same cost a row at both sizes, give or take the machine; quadratic would be four times.
    expect(perRow.large, `small ${small.ms.toFixed(0)} ms for ${smallDue}, large ${large.ms.toFixed(0)} ms for ${largeDue}`).toBeLessThan(perRow.small * 2.5);
  }, 120_000);
});
