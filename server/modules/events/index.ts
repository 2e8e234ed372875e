export { activeAppointment, EVENT_ROW, eventColumns, insertEvent, placesTaken, toScreeningEvent, type EventInsert, type EventRow } from './events-table';
export { createAccessCodeService } from './access-code-service';
export { generateAccessCode, hashAccessCode } from './access-code';
export { createAccessGrants, type AccessGrants } from './access-grants';
export { eventsRoutes } from './events-routes';
export { createEventsService, isEventId } from './events-service';
export { actorOf, staffEventsRoutes } from './staff-events-routes';
export { createStaffEventsService } from './staff-events-service';
export { mountEvents, type EventsModule } from './mount';
