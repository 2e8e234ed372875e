/**
 * /api/staff/events/:eventId/... : sample labels and the laboratory's
 * manifest (docs/rules.md#sample-labels), beside the attendee list
 * (staff-attendees-routes.ts).
 * - POST /samples {appointment_ids?} -> {labels, unlabelled}: sample ids
 *   for the event's confirmed bookings (all, or the ones listed), and the
 *   men left without a label for want of a valid NHS number; 422
 *   not_a_booking when a listed id is not a confirmed booking of this event
 * - GET  /manifest -> the samples of the men checked in, for the printable page
 * - GET  /manifest.csv -> the same as CSV for the laboratory
 */
import { Hono } from 'hono';
import { labManifestCsv } from '../../../src/domain/lab-manifest-csv';
import { labManifestSchema, manifestCsvName, sampleLabelsAnswerSchema, sampleLabelsBodySchema, type LabManifest, type SampleLabelsAnswer } from '../../../src/domain/sample-labels';
import { answers, responds } from '../../platform/http/contract';
import { eventNotFound } from '../../platform/http/errors';
import { formBodyLimit } from '../../platform/http/json-body';
import { validBody } from '../../platform/http/valid-body';
import type { StaffVariables } from '../auth';
import { actorOf } from '../events';
import type { SampleLabelsService } from './sample-labels-service';
import { viewerOf, type RecordAccess } from './record-access';

export function staffSamplesRoutes(samples: SampleLabelsService, looks: RecordAccess): Hono<{ Variables: StaffVariables }> {
  const app = new Hono<{ Variables: StaffVariables }>();

  app.post('/:eventId/samples', formBodyLimit(), validBody(sampleLabelsBodySchema), responds(sampleLabelsAnswerSchema), async (c) => {
    const answer = await samples.labels(actorOf(c), c.req.param('eventId'), c.req.valid('json').appointment_ids);
    if (!answer) throw eventNotFound();
    await looks.labels(viewerOf(c), c.req.param('eventId'), answer);
    return c.json(answer satisfies SampleLabelsAnswer);
  });

  app.get('/:eventId/manifest', responds(labManifestSchema), async (c) => {
    const manifest = await samples.manifest(actorOf(c), c.req.param('eventId'), 'page');
    if (!manifest) throw eventNotFound();
    await looks.manifest(viewerOf(c), c.req.param('eventId'), manifest);
    return c.json(manifest satisfies LabManifest);
  });

  app.get('/:eventId/manifest.csv', answers('text/csv', "The laboratory's manifest of the event's samples as CSV"), async (c) => {
    const manifest = await samples.manifest(actorOf(c), c.req.param('eventId'), 'csv');
    if (!manifest) throw eventNotFound();
    await looks.manifest(viewerOf(c), c.req.param('eventId'), manifest);
    return c.body(labManifestCsv(manifest), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${manifestCsvName(manifest)}"`,
    });
  });

  return app;
}
