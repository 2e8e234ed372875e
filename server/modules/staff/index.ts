export { UUID } from './staff-attendees-service';
export { recordAudit, type StaffActor } from './staff-audit';
export { type MailTo, type StaffMail } from './staff-mail';
export { staffRoutes } from './staff-routes';
export { mountStaff } from './mount';
export { assignSample, type SampleAssignment, type SampleStep } from './samples';
